import type { Connection } from "@xyflow/react";
import { BRANCHING, caseHandle, ELSE_HANDLE } from "../../../../worker/contract/agent-components";
import { isDataflowLabel } from "./dataflow";
import { type EditorEdge, type EditorNode, isContainerStartLabel } from "./graph";

export const RELEVANT_HANDLES = ["yes", "no"] as const;

// The source handles of a branching node, one per branch; null for a node with a single output.
export const branchHandles = (node: Pick<EditorNode, "data">): string[] | null => {
  const { label, form } = node.data;
  if (isDataflowLabel(label) || !BRANCHING[label]) return null;
  if (label === "Categorize") return Object.keys((form.category_description ?? {}) as Record<string, unknown>);
  if (label === "Switch") return [...((form.conditions ?? []) as unknown[]).map((_, i) => caseHandle(i)), ELSE_HANDLE];
  return [...RELEVANT_HANDLES];
};

// Nodes that take no incoming connection, and those that give none.
const noInput = (node: EditorNode) =>
  node.data.label === "Begin" ||
  node.data.label === "File" ||
  isContainerStartLabel(node.data.label) ||
  node.data.label === "Note";
const noOutput = (node: EditorNode) => node.data.label === "Note";

export const edgeId = (source: string, handle: string | null | undefined, target: string) =>
  `${source}:${handle ?? "out"}->${target}`;

// Connections stay inside one level (the canvas, or one Iteration) and never loop onto the same node.
export const canConnect = (nodes: EditorNode[], connection: Pick<Connection, "source" | "target">) => {
  const source = nodes.find((node) => node.id === connection.source);
  const target = nodes.find((node) => node.id === connection.target);
  if (!source || !target || source.id === target.id) return false;
  if (noOutput(source) || noInput(target)) return false;
  return (source.parentId ?? null) === (target.parentId ?? null);
};

// A branch leads to one node: connecting it again replaces its old edge. Plain outputs may fan out.
export const connect = (edges: EditorEdge[], nodes: EditorNode[], connection: Connection): EditorEdge[] => {
  if (!canConnect(nodes, connection)) return edges;
  const source = nodes.find((node) => node.id === connection.source);
  const handle = connection.sourceHandle ?? null;
  const branching = source ? branchHandles(source) !== null : false;
  const kept = edges.filter(
    (edge) =>
      !(
        edge.source === connection.source &&
        (edge.sourceHandle ?? null) === handle &&
        (branching || edge.target === connection.target)
      ),
  );
  return [
    ...kept,
    {
      id: edgeId(connection.source, handle, connection.target),
      source: connection.source,
      target: connection.target,
      sourceHandle: handle,
      targetHandle: connection.targetHandle ?? null,
    },
  ];
};

const retarget = (edge: EditorEdge, handle: string): EditorEdge => ({
  ...edge,
  sourceHandle: handle,
  id: edgeId(edge.source, handle, edge.target),
});

// A category renamed: its edge follows the new name.
export const renameBranch = (edges: EditorEdge[], nodeId: string, from: string, to: string) =>
  edges.map((edge) => (edge.source === nodeId && edge.sourceHandle === from ? retarget(edge, to) : edge));

export const dropBranch = (edges: EditorEdge[], nodeId: string, handle: string) =>
  edges.filter((edge) => !(edge.source === nodeId && edge.sourceHandle === handle));

// A Switch condition removed: its edge goes, the later cases move up one place.
export const removeCase = (edges: EditorEdge[], nodeId: string, index: number) =>
  dropBranch(edges, nodeId, caseHandle(index)).map((edge) => {
    const match = edge.source === nodeId ? /^case-(\d+)$/.exec(edge.sourceHandle ?? "") : null;
    const at = match ? Number(match[1]) : -1;
    return at > index ? retarget(edge, caseHandle(at - 1)) : edge;
  });
