import { componentOutputs, isContainerStart } from "../../../../worker/contract/agent-components";
import { DATAFLOW_OUTPUTS, isDataflowLabel } from "./dataflow";
import type { EditorNode } from "./graph";

export type VariableOption =
  | { kind: "sys"; ref: string; name: SysVariable }
  | { kind: "env"; ref: string; name: string }
  | { kind: "node"; ref: string; nodeName: string; output: string };

export const SYS_VARIABLES = ["query", "user_id", "conversation_turns"] as const;
export type SysVariable = (typeof SYS_VARIABLES)[number];
export const SYS_QUERY = "{sys.query}";
export const envRef = (name: string) => `{env.${name}}`;
export const outputRef = (nodeId: string, output: string) => `{${nodeId}@${output}}`;

// The engine keeps an Iteration's current item and its index under the Iteration's own id, a Loop's variables
// under the Loop's.
const containerOutputs = (node: EditorNode) =>
  isDataflowLabel(node.data.label)
    ? []
    : node.data.label === "Iteration"
      ? ["item", "index"]
      : componentOutputs(node.data.label, node.data.form);

// What a node offers to others: its component's outputs, with those its settings name (Begin's inputs, a Loop's
// variables, a VariableAggregator's groups). Start nodes offer nothing of their own.
const outputsOf = (node: EditorNode) =>
  isDataflowLabel(node.data.label)
    ? DATAFLOW_OUTPUTS[node.data.label]
    : isContainerStart(node.data.label)
      ? []
      : componentOutputs(node.data.label, node.data.form);

const nodeOption = (node: EditorNode, output: string): VariableOption => ({
  kind: "node",
  ref: outputRef(node.id, output),
  nodeName: node.data.name,
  output,
});

// What a node can refer to: the system values, the globals and the outputs of the other nodes on the canvas;
// inside an Iteration or a Loop also its siblings and the current item (the loop variables), never the
// Iteration's own results. A Loop's own form may name its variables (termination conditions).
export const variableOptions = (
  nodes: EditorNode[],
  nodeId: string,
  globals: Record<string, unknown>,
): VariableOption[] => {
  const self = nodes.find((node) => node.id === nodeId);
  const level = self?.parentId ?? null;
  const parent = level ? nodes.find((node) => node.id === level) : undefined;
  const visible = nodes.filter(
    (node) => node.id !== nodeId && node.id !== level && (!node.parentId || node.parentId === level),
  );
  // a pipeline has no question, user or globals: only what its components hand on
  if (self && isDataflowLabel(self.data.label))
    return visible.flatMap((node) => outputsOf(node).map((output) => nodeOption(node, output)));
  return [
    ...SYS_VARIABLES.map((name): VariableOption => ({ kind: "sys", ref: `{sys.${name}}`, name })),
    ...Object.keys(globals).map((name): VariableOption => ({ kind: "env", ref: envRef(name), name })),
    ...(parent ? containerOutputs(parent).map((output) => nodeOption(parent, output)) : []),
    ...(self?.data.label === "Loop" ? outputsOf(self).map((output) => nodeOption(self, output)) : []),
    ...visible.flatMap((node) => outputsOf(node).map((output) => nodeOption(node, output))),
  ];
};

// Inserts a reference where the cursor is (replacing a selection) and says where the cursor goes next.
export const insertAt = (text: string, start: number, end: number, insertion: string) => ({
  text: text.slice(0, start) + insertion + text.slice(end),
  cursor: start + insertion.length,
});
