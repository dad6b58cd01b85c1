import type { Dsl } from "../../../contract/agents";
import {
  DATAFLOW_COMPONENT_DEFAULTS,
  type DataflowComponentName,
  isDataflowComponent,
} from "../../../contract/dataflow";
import { PipelineError } from "./types";

export type Step = { id: string; name: DataflowComponentName; params: Record<string, unknown> };

// The pipeline's components in run order: from the File start along each component's downstream (a pipeline is a
// chain; RAGFlow's editor links each component to one next).
export const pipelineSteps = (dsl: Dsl): Step[] => {
  const entries = Object.entries(dsl.components);
  const start = entries.find(([, component]) => (component.obj.component_name as string) === "File");
  if (!start) throw new PipelineError("The pipeline has no File component to start from.");
  const steps: Step[] = [];
  const seen = new Set<string>();
  let id: string | undefined = start[0];
  while (id && !seen.has(id)) {
    seen.add(id);
    const component: Dsl["components"][string] | undefined = dsl.components[id];
    if (!component) throw new PipelineError(`The pipeline links to a component that does not exist: ${id}.`);
    const name = component.obj.component_name as string;
    if (!isDataflowComponent(name)) throw new PipelineError(`${name} is not a component of an ingestion pipeline.`);
    if (component.downstream.length > 1)
      throw new PipelineError(`${id} leads to ${component.downstream.length} components; a pipeline is one chain.`);
    // a Parser's setups are the canvas's own (RAGFlow's older canvases keep them beside, not under, `setups`)
    const defaults = name === "Parser" ? {} : DATAFLOW_COMPONENT_DEFAULTS[name];
    steps.push({ id, name, params: { ...defaults, ...component.obj.params } });
    id = component.downstream[0];
  }
  if (steps.length < 2) throw new PipelineError("The pipeline's File component leads nowhere: add a Parser.");
  return steps;
};
