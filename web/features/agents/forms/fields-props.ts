import type { EditorEdge, EditorNode } from "../model/graph";
import type { NodeErrors } from "../model/node-validation";
import type { VariableOption } from "../model/variables";

// What every component's fields get: the node's params, a setter (optionally moving edges along) and
// the variables the node may refer to.
export type FieldsProps = {
  node: EditorNode;
  form: Record<string, unknown>;
  set: (key: string, value: unknown, edges?: (edges: EditorEdge[]) => EditorEdge[]) => void;
  errors: NodeErrors;
  variables: VariableOption[];
  nodes: EditorNode[];
};

export const text = (value: unknown) => (typeof value === "string" ? value : "");
export const numberOr = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
