import type { Agent, ComponentName, Dsl, DslComponent, TraceEntry } from "../../../worker/contract/agents";
import { callApi } from "./api";
import type { TestUser } from "./factories";

type Spec = [id: string, name: ComponentName, params: Record<string, unknown>, downstream?: string[], parentId?: string];

// A DSL from a compact list of components (upstream derived from downstream).
export const flow = (specs: Spec[], globals: Record<string, unknown> = {}): Dsl => {
  const components: Record<string, DslComponent> = {};
  for (const [id, name, params, downstream = [], parentId] of specs) {
    components[id] = { obj: { component_name: name, params: { name: id, ...params } }, downstream, upstream: [], ...(parentId ? { parent_id: parentId } : {}) };
  }
  for (const [id, component] of Object.entries(components)) for (const next of component.downstream) components[next]?.upstream.push(id);
  return { components, graph: { nodes: [], edges: [] }, globals };
};

export const createAgent = async (user: TestUser, dsl: Dsl, title = `Buddy ${crypto.randomUUID().slice(0, 8)}`, extra: Record<string, unknown> = {}) => {
  const res = await callApi<Agent>("/agents", { token: user.token, json: { title, dsl, ...extra } });
  if (res.body.code !== 0) throw new Error(`agent create failed: ${res.body.message}`);
  return res.body.data;
};

export type RunResult = { content: string; trace: TraceEntry[]; error: string | null; session_id: string; task_id: string };

export const runAgent = async (user: TestUser, agentId: string, json: Record<string, unknown>) =>
  callApi<RunResult>("/agents/chat/completions", { token: user.token, json: { agent_id: agentId, return_trace: true, ...json } });

export const ranIds = (result: RunResult) => result.trace.map((entry) => entry.component_id);
