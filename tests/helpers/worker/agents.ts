import { dslFromSpecs } from "../../../worker/contract/agent-graph";
import type { Agent, Dsl, TraceEntry } from "../../../worker/contract/agents";
import { callApi } from "./api";
import type { TestUser } from "./factories";

export const flow = dslFromSpecs;

export const createAgent = async (user: TestUser, dsl: Dsl, title = `Buddy ${crypto.randomUUID().slice(0, 8)}`, extra: Record<string, unknown> = {}) => {
  const res = await callApi<Agent>("/agents", { token: user.token, json: { title, dsl, ...extra } });
  if (res.body.code !== 0) throw new Error(`agent create failed: ${res.body.message}`);
  return res.body.data;
};

export type RunResult = { content: string; trace: TraceEntry[]; error: string | null; session_id: string; task_id: string };

export const runAgent = async (user: TestUser, agentId: string, json: Record<string, unknown>) =>
  callApi<RunResult>("/agents/chat/completions", { token: user.token, json: { agent_id: agentId, return_trace: true, ...json } });

export const ranIds = (result: RunResult) => result.trace.map((entry) => entry.component_id);
