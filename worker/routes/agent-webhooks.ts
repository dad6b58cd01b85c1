import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { dataError } from "../lib/errors";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { callWebhook, type WebhookAnswer } from "../services/agents/webhooks/call";
import { listWebhookLogs } from "../services/agents/webhooks/logs";
import { testWebhook } from "../services/agents/webhooks/test-call";

const WEBHOOK_TEST_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const SinceSchema = v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0));

const answerWith = (method: string, answer: WebhookAnswer) => {
  const body = answer.contentType === "application/json" ? JSON.stringify(answer.body) : String(answer.body ?? "");
  return new Response(method === "HEAD" ? null : body, {
    status: answer.status,
    headers: { "Content-Type": answer.contentType },
  });
};

// A flow's webhook (RAGFlow v0.27's /agents/{id}/webhook, any method): its own checks instead of a sign-in. Mounted
// before the signed-in agent routes, whose middleware would refuse it.
export const agentWebhookRoutes = new Hono<AppEnv>()
  .get("/:agentId/webhook/logs", requireAuth, async (c) => {
    const raw = c.req.query("since_ts");
    const since = raw === undefined ? undefined : v.safeParse(SinceSchema, raw);
    if (since && !since.success) throw dataError("`since_ts` must be a number of seconds.");
    return ok(c, await listWebhookLogs(serviceContext(c), c.req.param("agentId"), since?.output));
  })
  // RAGFlow's test call, named method by method so that the API reference and the route checks list it (HEAD is
  // GET's); the flow's own `methods` still apply
  .on(WEBHOOK_TEST_METHODS, "/:agentId/webhook/test", requireAuth, async (c) =>
    answerWith(
      c.req.method,
      await testWebhook(serviceContext(c), c.req.param("agentId"), c.req.raw, (work) => c.executionCtx.waitUntil(work)),
    ),
  )
  .all("/:agentId/webhook", async (c) =>
    answerWith(
      c.req.method,
      await callWebhook(depsOf(c), c.req.param("agentId"), c.req.raw, (work) => c.executionCtx.waitUntil(work)),
    ),
  );
