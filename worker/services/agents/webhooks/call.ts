import { desc, eq } from "drizzle-orm";
import type { AgentCompletionInput, BeginInputSpec } from "../../../contract/agents";
import { agents, agentWebhookLogs } from "../../../db/schema";
import { AppError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { nowMs } from "../../../lib/time";
import type { Deps, ServiceContext } from "../../context";
import { prepareAgentRun } from "../complete";
import { bodySizeLimit, MAX_BODY_BYTES } from "../../../contract/webhook-security";
import { authorizeWebhook, WebhookRefusal } from "./authorize";
import { webhookBegin, webhookConfig } from "./config";
import { loggedHeaders, readWebhookPayload, webhookRunInput } from "./payload";

// Each flow keeps the newest calls only.
export const KEPT_WEBHOOK_LOGS = 50;

type Outcome = { success: boolean; error?: string; content?: string };
export type WebhookAnswer = { status: number; body: unknown; contentType: "application/json" | "text/plain" };

const refusal = (status: number, message: string): WebhookAnswer => ({
  status,
  body: { code: status, message, success: false },
  contentType: "application/json",
});

// RAGFlow's "Immediately" answer: the configured status (200–399) and body (JSON when it parses, else text).
const acceptance = (status: unknown, template: string): WebhookAnswer | string => {
  const code = Number(status);
  if (!Number.isInteger(code) || code < 200 || code > 399)
    return `Invalid response status code: ${String(status)}, must be between 200 and 399`;
  if (!template) return { status: code, body: null, contentType: "application/json" };
  try {
    return { status: code, body: JSON.parse(template), contentType: "application/json" };
  } catch {
    return { status: code, body: template, contentType: "text/plain" };
  }
};

const prune = async (deps: Deps, agentId: string) => {
  const old = await deps.db
    .select({ id: agentWebhookLogs.id })
    .from(agentWebhookLogs)
    .where(eq(agentWebhookLogs.agentId, agentId))
    .orderBy(desc(agentWebhookLogs.createTime))
    .offset(KEPT_WEBHOOK_LOGS)
    .limit(50);
  for (const row of old) await deps.db.delete(agentWebhookLogs).where(eq(agentWebhookLogs.id, row.id));
};

// One call of /agents/{id}/webhook: checked, logged, and run as the flow's maker in the flow's team. `background`
// keeps an accepted run going after the answer has gone. A `test` call (/webhook/test, RAGFlow's editor's test
// button) comes from someone signed in who may edit the flow: its log entry says so.
export const callWebhook = async (
  deps: Deps,
  agentId: string,
  request: Request,
  background: (work: Promise<unknown>) => void,
  test = false,
): Promise<WebhookAnswer> => {
  const started = nowMs();
  const agent = await deps.db.query.agents.findFirst({ where: eq(agents.id, agentId) });
  const config = agent ? webhookConfig(agent.dsl) : null;
  if (!agent) return refusal(400, "Canvas not found.");
  if (!config) return refusal(400, "Webhook not configured for this agent.");
  const sizeLimit = bodySizeLimit(config.maxBodySize);
  const payload = await readWebhookPayload(request, "bytes" in sizeLimit ? sizeLimit.bytes : MAX_BODY_BYTES);
  const logId = newId();
  // an accepted call is logged at once (not finished) and again when its run ends
  const log = async (answer: WebhookAnswer, outcome: Outcome, finished = true) => {
    const values = {
      status: answer.status,
      response: { body: answer.body, finished, ...(outcome.content !== undefined ? { content: outcome.content } : {}) },
      success: outcome.success,
      error: outcome.error ?? null,
      elapsedMs: nowMs() - started,
      updateTime: nowMs(),
    };
    await deps.db
      .insert(agentWebhookLogs)
      .values({
        id: logId,
        agentId: agent.id,
        method: request.method.toUpperCase(),
        request: {
          query: payload.query,
          headers: loggedHeaders(request.headers),
          body: payload.body,
          ...(test ? { test: true } : {}),
        },
        createTime: started,
        ...values,
      })
      .onConflictDoUpdate({ target: agentWebhookLogs.id, set: values });
  };
  const refuse = async (answer: WebhookAnswer) => {
    await log(answer, { success: false, error: (answer.body as { message: string }).message });
    await prune(deps, agent.id);
    return answer;
  };

  try {
    await authorizeWebhook(
      deps,
      config,
      { method: request.method, headers: request.headers, bodyBytes: payload.bytes },
      { agentId: agent.id, tenantId: agent.tenantId, test },
    );
  } catch (error) {
    if (error instanceof WebhookRefusal) return refuse(refusal(error.status, error.message));
    throw error;
  }
  const ctx: ServiceContext = {
    ...deps,
    actor: { userId: agent.createdBy, tenantId: agent.tenantId, role: "normal", via: "job", sessionId: null },
  };
  const declared = (webhookBegin(agent.dsl)?.obj.params.inputs ?? {}) as Record<string, BeginInputSpec>;
  const { question, inputs } = webhookRunInput(payload, declared);
  const input: AgentCompletionInput = {
    question,
    inputs,
    stream: false,
    return_trace: false,
    "openai-compatible": false,
  };
  let prepared: Awaited<ReturnType<typeof prepareAgentRun>>;
  try {
    prepared = await prepareAgentRun(ctx, agent.id, input);
  } catch (error) {
    if (error instanceof AppError) return refuse(refusal(400, error.message));
    throw error;
  }
  const run = async () => {
    try {
      const result = await prepared.run(async () => undefined);
      return { success: !result.error, error: result.error ?? undefined, content: result.content };
    } catch (error) {
      return { success: false, error: error instanceof Error ? error.message : String(error), content: "" };
    }
  };

  if (config.executionMode === "Streaming") {
    const outcome = await run();
    const answer: WebhookAnswer = outcome.success
      ? { status: 200, body: { message: outcome.content, success: true, code: 200 }, contentType: "application/json" }
      : refusal(400, outcome.error ?? "The run failed.");
    await log(answer, outcome);
    await prune(deps, agent.id);
    return answer;
  }
  const accepted = acceptance(config.response.status, config.response.bodyTemplate);
  if (typeof accepted === "string") return refuse(refusal(400, accepted));
  await log(accepted, { success: false }, false);
  background(
    (async () => {
      await log(accepted, await run());
      await prune(deps, agent.id);
    })(),
  );
  return accepted;
};
