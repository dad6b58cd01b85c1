import type { DebugComponentInput } from "../../../contract/agent-runs";
import { argumentError, dataError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { ServiceContext } from "../../context";
import { getManageableAgent } from "../access";
import { runFlow } from "../engine/run-flow";
import { assign, isReference, referencesIn, type RunValues } from "../engine/variables";

const componentOf = async (ctx: ServiceContext, agentId: string, componentId: string) => {
  const agent = await getManageableAgent(ctx, agentId);
  const component = agent.dsl.components[componentId];
  if (!component) throw dataError(`The flow has no component ${componentId}.`);
  return { agent, component };
};

// GET /agents/{id}/components/{cid}/input-form (RAGFlow v0.27): the variables the component reads, each a field
// for a sample value.
export const componentInputForm = async (ctx: ServiceContext, agentId: string, componentId: string) => {
  const { component } = await componentOf(ctx, agentId, componentId);
  return Object.fromEntries(
    referencesIn(component.obj.params).map((key) => [key, { name: key, type: "line", value: "" }]),
  );
};

// POST /agents/{id}/components/{cid}/debug (RAGFlow v0.27): runs the saved component alone on sample values for
// the variables it reads and answers its outputs, a failure as `_ERROR` as RAGFlow's components report it.
// Editors only: the samples stand in for the flow's globals too. Nothing is stored.
export const debugComponent = async (
  ctx: ServiceContext,
  agentId: string,
  componentId: string,
  input: DebugComponentInput,
) => {
  const { agent } = await componentOf(ctx, agentId, componentId);
  const values: RunValues = { outputs: new Map([["begin", {}]]), globals: {} };
  const envInputs: Record<string, unknown> = {};
  let question = "";
  for (const [key, { value }] of Object.entries(input.params)) {
    if (!isReference(key)) throw argumentError(`\`params.${key}\` is not a variable (cid@key, sys.query or env.name).`);
    const bare = key.replace(/^\{\s*|\s*\}$/g, "");
    if (bare === "sys.query") question = String(value ?? "");
    else if (bare.startsWith("env.")) envInputs[bare.slice(4)] = value;
    else if (!bare.startsWith("sys.")) {
      const componentOfKey = bare.slice(0, bare.indexOf("@"));
      if (!values.outputs.has(componentOfKey)) values.outputs.set(componentOfKey, {});
      assign(bare, value, values);
    }
  }
  const outcome = await runFlow(
    ctx,
    agent.dsl,
    {
      question,
      inputs: envInputs,
      resume: [componentId],
      history: [],
      turns: 1,
      authorId: agent.createdBy,
      agentId: agent.id,
      overridesGlobals: true,
      awaiting: null,
      kept: Object.fromEntries(values.outputs),
      only: true,
    },
    async () => undefined,
    newId(),
  );
  const entry = outcome.trace.findLast((step) => step.component_id === componentId);
  const error = entry?.error ?? outcome.error;
  return { ...entry?.outputs, ...(error ? { _ERROR: error } : {}) };
};
