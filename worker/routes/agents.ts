import { Hono } from "hono";
import * as v from "valibot";
import {
  AgentCompletionSchema,
  AgentTemplatesQuerySchema,
  CreateAgentSchema,
  ListAgentSessionsQuerySchema,
  ListAgentsQuerySchema,
  UpdateAgentSchema,
} from "../contract/agents";
import { OpenAiCompletionSchema } from "../contract/chats";
import { DeleteByAnyIdsSchema } from "../contract/datasets";
import { ShareTokenSchema } from "../contract/share";
import type { AppEnv } from "../env";
import { bulkMessage } from "../lib/bulk-report";
import { ok } from "../lib/envelope";
import { nowSeconds } from "../lib/time";
import { argumentError, dataError } from "../lib/errors";
import { eventChannel } from "../lib/event-channel";
import { sseResponse } from "../lib/sse";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBody, jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { cancelAgentTask, type EnvelopedEvent, openAiUsage, prepareAgentRun } from "../services/agents/complete";
import { createAgent } from "../services/agents/create";
import { duplicateAgent } from "../services/agents/duplicate";
import { getAgentForEditor } from "../services/agents/get";
import { getManageableAgent } from "../services/agents/access";
import { listAgents } from "../services/agents/list";
import { removeAgent } from "../services/agents/remove";
import { updateAgent } from "../services/agents/update";
import { createShareToken, listShareTokens, removeShareToken } from "../services/share-links/tokens";
import { createAgentSession, listAgentSessions, removeAgentSessions } from "../services/agents/sessions";
import { readAgentSession, removeAgentSession } from "../services/agents/session-by-id";
import { agentTemplates } from "../services/agents/templates";
import { readInputFile } from "../services/agents/upload";
import { testDataflow } from "../services/agents/dataflow-test";
import { readForm, uploadedFiles } from "./file-transfer";
import { requireAgentDslAndTitle } from "./required-arguments";
import type { Context } from "hono";
import type { AgentCompletionInput } from "../contract/agents";

// Streamed: RAGFlow's event frames, then [DONE]. Otherwise RAGFlow's last event (message_end) holding the whole
// answer, as its SDK reads it: data.data.content.
export const respond = async (c: Context<AppEnv>, agentId: string, input: AgentCompletionInput) =>
  answerRun(c, await prepareAgentRun(serviceContext(c), agentId, input), input);

// a prepared run (a turn, a rerun) answered as `respond` says
export const answerRun = async (
  c: Context<AppEnv>,
  prepared: Awaited<ReturnType<typeof prepareAgentRun>>,
  input: Pick<AgentCompletionInput, "stream" | "return_trace">,
) => {
  if (!input.stream) {
    const { content, reference, trace, error, awaiting, message_id, task_id, session_id } = await prepared.run(
      async () => undefined,
    );
    // a pause for a UserFillUp with nothing said before it answers as RAGFlow does: the user_inputs event
    const pause = awaiting ? { inputs: awaiting.inputs, tips: awaiting.tips } : {};
    return ok(c, {
      event: awaiting && !content ? "user_inputs" : "message_end",
      message_id,
      created_at: nowSeconds(),
      task_id,
      session_id,
      data: { content, reference, error, ...pause, ...(input.return_trace ? { trace } : {}) },
    });
  }
  return sseResponse(() =>
    (async function* () {
      yield* eventChannel<EnvelopedEvent>((emit) => prepared.run(emit));
      yield "data:[DONE]\n\n";
    })(),
  );
};

export const CompletionBody = jsonBodyAsDataError(AgentCompletionSchema);

export const agentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/templates", queryParams(AgentTemplatesQuerySchema), (c) =>
    ok(c, agentTemplates(c.req.valid("query").language)),
  )
  .post("/chat/completions", CompletionBody, async (c) => {
    const input = c.req.valid("json");
    if (!input.agent_id) throw argumentError("`agent_id` is required.");
    if (input["openai-compatible"]) {
      if (!input.messages?.length) throw dataError("You must provide at least one message.");
      return openAiAnswer(c, input.agent_id, {
        model: input.model ?? "model",
        messages: input.messages ?? [],
        stream: input.stream,
        session_id: input.session_id,
      });
    }
    return respond(c, input.agent_id, input);
  })
  .put("/tasks/:taskId/cancel", async (c) => ok(c, await cancelAgentTask(serviceContext(c), c.req.param("taskId"))))
  .get("/", queryParams(ListAgentsQuerySchema), async (c) => {
    // RAGFlow v0.27's shape, which its SDK's list_agents reads
    const { agents, total } = await listAgents(serviceContext(c), c.req.valid("query"));
    return ok(c, { canvas: agents, total });
  })
  .post("/", requireAgentDslAndTitle, jsonBodyAsDataError(CreateAgentSchema), async (c) =>
    ok(c, await createAgent(serviceContext(c), c.req.valid("json"))),
  )
  .get("/:agentId", async (c) => ok(c, await getAgentForEditor(serviceContext(c), c.req.param("agentId"))))
  .put("/:agentId", jsonBodyAsDataError(UpdateAgentSchema), async (c) =>
    ok(c, await updateAgent(serviceContext(c), c.req.param("agentId"), c.req.valid("json"))),
  )
  .delete("/:agentId", async (c) => ok(c, await removeAgent(serviceContext(c), c.req.param("agentId"))))
  .post("/:agentId/duplicate", async (c) => ok(c, await duplicateAgent(serviceContext(c), c.req.param("agentId"))))
  .post("/:agentId/completions", CompletionBody, async (c) => respond(c, c.req.param("agentId"), c.req.valid("json")))
  .post("/:agentId/sessions", async (c) => ok(c, await createAgentSession(serviceContext(c), c.req.param("agentId"))))
  .post("/:agentId/dataflow/test", async (c) =>
    ok(c, await testDataflow(serviceContext(c), c.req.param("agentId"), await readForm(c.req.raw))),
  )
  .post("/:agentId/upload", async (c) =>
    ok(c, await readInputFile(serviceContext(c), c.req.param("agentId"), uploadedFiles(await readForm(c.req.raw)))),
  )
  .get("/:agentId/sessions", queryParams(ListAgentSessionsQuerySchema), async (c) =>
    ok(c, await listAgentSessions(serviceContext(c), c.req.param("agentId"), c.req.valid("query"))),
  )
  .get("/:agentId/sessions/:sessionId", async (c) =>
    ok(c, await readAgentSession(serviceContext(c), c.req.param("agentId"), c.req.param("sessionId"))),
  )
  .delete("/:agentId/sessions/:sessionId", async (c) =>
    ok(c, await removeAgentSession(serviceContext(c), c.req.param("agentId"), c.req.param("sessionId"))),
  )
  .get("/:agentId/share-tokens", async (c) => {
    const ctx = serviceContext(c);
    return ok(
      c,
      await listShareTokens(ctx, { type: "agent", id: (await getManageableAgent(ctx, c.req.param("agentId"))).id }),
    );
  })
  .post("/:agentId/share-tokens", jsonBodyAsDataError(ShareTokenSchema), async (c) => {
    const ctx = serviceContext(c);
    return ok(
      c,
      await createShareToken(
        ctx,
        { type: "agent", id: (await getManageableAgent(ctx, c.req.param("agentId"))).id },
        c.req.valid("json"),
      ),
    );
  })
  .delete("/:agentId/share-tokens/:tokenId", async (c) => {
    const ctx = serviceContext(c);
    return ok(
      c,
      await removeShareToken(
        ctx,
        { type: "agent", id: (await getManageableAgent(ctx, c.req.param("agentId"))).id },
        c.req.param("tokenId"),
      ),
    );
  })
  .delete("/:agentId/sessions", jsonBody(DeleteByAnyIdsSchema), async (c) => {
    const { ids, delete_all: all } = c.req.valid("json");
    const report = await removeAgentSessions(serviceContext(c), c.req.param("agentId"), ids ?? undefined, all);
    return ok(c, report, bulkMessage(report, "deleted", "sessions"));
  });

const lastUserText = (messages: { role: string; content: unknown }[]) => {
  const last = messages.toReversed().find((message) => message.role === "user");
  return typeof last?.content === "string" ? last.content : "";
};

type OpenAiAsk = {
  model: string;
  messages: { role: string; content: unknown }[];
  stream: boolean;
  session_id?: string;
};

// The last user message is the question; the answer in OpenAI's shape (with usage), streamed or whole.
const openAiAnswer = async (c: Context<AppEnv>, agentId: string, body: OpenAiAsk) => {
  const question = lastUserText(body.messages);
  const input = v.parse(AgentCompletionSchema, { question, session_id: body.session_id });
  const prepared = await prepareAgentRun(serviceContext(c), agentId, input);
  const created = nowSeconds();
  const chunk = (content: string, finish: string | null, extra = {}) => ({
    id: prepared.taskId,
    object: "chat.completion.chunk",
    created,
    model: body.model,
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
    ...extra,
  });
  if (!body.stream) {
    const result = await prepared.run(async () => undefined);
    return c.json({
      id: prepared.taskId,
      object: "chat.completion",
      created,
      model: body.model,
      session_id: prepared.sessionId,
      choices: [{ index: 0, message: { role: "assistant", content: result.content }, finish_reason: "stop" }],
      usage: openAiUsage(question, result.content),
    });
  }
  return sseResponse(() =>
    (async function* () {
      let answer = "";
      for await (const event of eventChannel<EnvelopedEvent>((emit) => prepared.run(emit))) {
        if (event.event !== "message") continue;
        answer += event.data.content;
        yield chunk(event.data.content, null);
      }
      yield chunk("", "stop", { usage: openAiUsage(question, answer) });
      yield "data:[DONE]\n\n";
    })(),
  );
};

// /agents_openai/{id}/chat/completions: the same as /agents/chat/completions with "openai-compatible": true.
export const openAiAgentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/:agentId/chat/completions", jsonBodyAsDataError(OpenAiCompletionSchema), async (c) => {
    const body = c.req.valid("json");
    return openAiAnswer(c, c.req.param("agentId"), {
      model: body.model,
      messages: body.messages,
      stream: body.stream,
      session_id: (body as { session_id?: string }).session_id,
    });
  });
