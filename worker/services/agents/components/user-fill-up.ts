import type { BeginInputSpec } from "../../../contract/agents";
import type { ComponentImpl } from "../engine/types";

const fieldsOf = (params: Record<string, unknown>) =>
  (typeof params.inputs === "object" && params.inputs !== null && !Array.isArray(params.inputs)
    ? params.inputs
    : {}) as Record<string, BeginInputSpec>;

// UserFillUp (RAGFlow's "Await response"): reached in a run, it pauses the run and asks for its fields; the next
// completion of the session brings the answers (checked by prepareAgentRun), which become its outputs.
export const userFillUp: ComponentImpl = {
  name: "UserFillUp",
  run: async ({ params, render, answers }) => {
    const tips = params.enable_tips === false ? "" : render(params.tips);
    if (!answers) return { outputs: { tips }, awaiting: { inputs: fieldsOf(params), tips } };
    const values = Object.fromEntries(Object.keys(fieldsOf(params)).map((key) => [key, answers[key] ?? null]));
    return { outputs: { tips, ...values } };
  },
};
