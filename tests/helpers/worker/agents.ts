import { dslFromSpecs } from "../../../worker/contract/agent-graph";
import type { Agent, Dsl, TraceEntry } from "../../../worker/contract/agents";
import { callApi } from "./api";
import type { TestUser } from "./factories";

export const flow = dslFromSpecs;

export const createAgent = async (
  user: TestUser,
  dsl: Dsl,
  title = `Buddy ${crypto.randomUUID().slice(0, 8)}`,
  extra: Record<string, unknown> = {},
) => {
  const res = await callApi<Agent>("/agents", { token: user.token, json: { title, dsl, ...extra } });
  if (res.body.code !== 0) throw new Error(`agent create failed: ${res.body.message}`);
  return res.body.data;
};

export type RunResult = {
  content: string;
  trace: TraceEntry[];
  error: string | null;
  session_id: string;
  task_id: string;
};
type MessageEnd = {
  event: "message_end";
  session_id: string;
  task_id: string;
  data: Omit<RunResult, "session_id" | "task_id">;
};

// A non-streamed run answers with RAGFlow's message_end event; tests read its answer with the session and task ids.
export const runAgent = async (user: TestUser, agentId: string, json: Record<string, unknown>) => {
  const res = await callApi<MessageEnd>("/agents/chat/completions", {
    token: user.token,
    json: { agent_id: agentId, return_trace: true, ...json },
  });
  const end = res.body.data;
  const data: RunResult = end?.data && { ...end.data, session_id: end.session_id, task_id: end.task_id };
  return { ...res, body: { ...res.body, data } };
};

export const ranIds = (result: RunResult) => result.trace.map((entry) => entry.component_id);
