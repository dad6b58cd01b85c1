import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { dataError } from "../lib/errors";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { callWebhook } from "../services/agents/webhooks/call";
import { listWebhookLogs } from "../services/agents/webhooks/logs";

const SinceSchema = v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0));

// A flow's webhook (RAGFlow v0.27's /agents/{id}/webhook, any method): its own checks instead of a sign-in. Mounted
// before the signed-in agent routes, whose middleware would refuse it.
export const agentWebhookRoutes = new Hono<AppEnv>()
  .get("/:agentId/webhook/logs", requireAuth, async (c) => {
    const raw = c.req.query("since_ts");
    const since = raw === undefined ? undefined : v.safeParse(SinceSchema, raw);
    if (since && !since.success) throw dataError("`since_ts` must be a number of seconds.");
    return ok(c, await listWebhookLogs(serviceContext(c), c.req.param("agentId"), since?.output));
  })
  .all("/:agentId/webhook", async (c) => {
    const answer = await callWebhook(depsOf(c), c.req.param("agentId"), c.req.raw, (work) =>
      c.executionCtx.waitUntil(work),
    );
    const body = answer.contentType === "application/json" ? JSON.stringify(answer.body) : String(answer.body ?? "");
    return new Response(c.req.method === "HEAD" ? null : body, {
      status: answer.status,
      headers: { "Content-Type": answer.contentType },
    });
  });
