import type { DebugComponentSchema, RerunAgentSchema } from "../../worker/contract/agent-runs";
import { type AgentFrame, readAgentFrames } from "./agents";
import { type Body, requestData, requestRaw } from "./client";

// A failed run again from its failed step, streamed like a run (POST /agents/rerun).
export const streamAgentRerun = async (
  messageId: string,
  onFrame: (frame: AgentFrame) => void,
  signal?: AbortSignal,
) => {
  const body = { id: messageId, stream: true } satisfies Body<typeof RerunAgentSchema>;
  const response = await requestRaw("/agents/rerun", { method: "POST", body, signal });
  return readAgentFrames(response, onFrame);
};

export type ComponentInputForm = Record<string, { name: string; type: string; value: unknown }>;

// The variables a saved component reads, each a field for a sample value.
export const componentInputForm = (agentId: string, componentId: string) =>
  requestData<ComponentInputForm>(`/agents/${agentId}/components/${encodeURIComponent(componentId)}/input-form`);

// The saved component run alone on sample values: its outputs, a failure as `_ERROR`.
export const debugAgentComponent = (agentId: string, componentId: string, samples: Record<string, unknown>) => {
  const body = {
    params: Object.fromEntries(Object.entries(samples).map(([key, value]) => [key, { value }])),
  } satisfies Body<typeof DebugComponentSchema>;
  return requestData<Record<string, unknown>>(
    `/agents/${agentId}/components/${encodeURIComponent(componentId)}/debug`,
    { method: "POST", body },
  );
};
