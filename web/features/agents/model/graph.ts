import type { Edge, Node } from "@xyflow/react";
import type { ComponentName, Dsl, FlowEdge, FlowNode } from "../../../../worker/contract/agents";
import { COMPONENT_DEFAULTS, CONTAINER_STARTS, isContainerStart } from "../../../../worker/contract/agent-components";
import { dslFromGraph, graphFromDsl, withoutToolNodes } from "../../../../worker/contract/agent-graph";

export const BEGIN_ID = "begin";
export const ITERATION_SIZE = { width: 460, height: 260 };
// Where the components of an Iteration without a saved layout are put: a row below its title.
const CHILD_ORIGIN = { x: 24, y: 72 };
const CHILD_STEP = 260;

export type NodeData = { label: ComponentName; name: string; form: Record<string, unknown> };
export type EditorNodeType = "component" | "note" | "iteration";
export type EditorNode = Node<NodeData, EditorNodeType>;
export type EditorEdge = Edge;
export type Graph = { nodes: EditorNode[]; edges: EditorEdge[] };

// What the DSL's graph keeps of a node: FlowNode plus the size of the nodes the user can resize.
type SavedNode = FlowNode & { width?: number; height?: number };

// Iterations and Loops are groups on the canvas ("iteration" nodes), their components inside.
export const nodeTypeFor = (label: ComponentName): EditorNodeType =>
  label === "Note" ? "note" : CONTAINER_STARTS[label] ? "iteration" : "component";

// Components that stay in the graph as long as their owner does: Begin, and the start of each Iteration or Loop.
export const isFixedNode = (node: Pick<EditorNode, "id" | "data">) =>
  node.id === BEGIN_ID || isContainerStart(node.data.label);

// React Flow wants a parent before its children.
const parentsFirst = (nodes: EditorNode[]) => [
  ...nodes.filter((node) => !node.parentId),
  ...nodes.filter((node) => node.parentId),
];

const editorNode = (node: SavedNode): EditorNode => {
  const label = node.data.label as ComponentName;
  const size =
    node.width && node.height
      ? { width: node.width, height: node.height }
      : CONTAINER_STARTS[label]
        ? ITERATION_SIZE
        : null;
  // the display name lives in data.name; params.name is only its copy in the DSL
  const form: Record<string, unknown> = { ...node.data.form };
  delete form.name;
  return {
    id: node.id,
    type: nodeTypeFor(label),
    position: node.position,
    data: { label, name: node.data.name, form: { ...structuredClone(COMPONENT_DEFAULTS[label] ?? {}), ...form } },
    ...(node.parentId ? { parentId: node.parentId, extent: "parent" as const } : {}),
    ...size,
    ...(node.id === BEGIN_ID ? { deletable: false } : {}),
  };
};

// A laid-out graph knows nothing of Iterations: their components go inside them, in a row, and the Iteration grows to fit.
const nestIterations = (nodes: EditorNode[], dsl: Dsl): EditorNode[] => {
  const orphans = nodes.filter((node) => !node.parentId && dsl.components[node.id]?.parent_id);
  if (orphans.length === 0) return nodes;
  const placed = new Map<string, EditorNode>();
  const counts = new Map<string, number>();
  for (const node of orphans) {
    const parentId = dsl.components[node.id]?.parent_id as string;
    const index = counts.get(parentId) ?? 0;
    counts.set(parentId, index + 1);
    placed.set(node.id, {
      ...node,
      parentId,
      extent: "parent",
      position: { x: CHILD_ORIGIN.x + index * CHILD_STEP, y: CHILD_ORIGIN.y },
    });
  }
  return nodes.map((node) => {
    const count = counts.get(node.id);
    if (count)
      return {
        ...node,
        width: Math.max(node.width ?? 0, ITERATION_SIZE.width, CHILD_ORIGIN.x * 2 + count * CHILD_STEP),
      };
    return placed.get(node.id) ?? node;
  });
};

// The editor's graph of a saved agent (a graph is laid out when the DSL has none).
export const graphOfDsl = (dsl: Dsl, beginName: string): Graph => {
  // a RAGFlow flow's graph may hold nodes that are no components of it (its Agents' tools and sub-agents)
  const laidOut = graphFromDsl(dsl);
  const graph = withoutToolNodes(laidOut.nodes as SavedNode[], laidOut.edges as FlowEdge[]);
  const nodes = nestIterations(graph.nodes.map(editorNode), dsl);
  if (!nodes.some((node) => node.id === BEGIN_ID)) nodes.unshift(beginNode(beginName));
  const edges = graph.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
  }));
  return { nodes: parentsFirst(nodes), edges };
};

export const beginNode = (name: string): EditorNode => ({
  id: BEGIN_ID,
  type: "component",
  position: { x: 80, y: 200 },
  data: { label: "Begin", name, form: structuredClone(COMPONENT_DEFAULTS.Begin) },
  deletable: false,
});

const savedNode = (node: EditorNode): SavedNode => ({
  id: node.id,
  type: node.type,
  position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
  data: { label: node.data.label, name: node.data.name, form: node.data.form },
  ...(node.parentId ? { parentId: node.parentId } : {}),
  ...(node.type !== "component" && node.width && node.height
    ? { width: Math.round(node.width), height: Math.round(node.height) }
    : {}),
});

const savedEdge = (edge: EditorEdge): FlowEdge => ({
  id: edge.id,
  source: edge.source,
  target: edge.target,
  sourceHandle: edge.sourceHandle ?? null,
  targetHandle: edge.targetHandle ?? null,
});

// The DSL to save: selection, measurements and other canvas state are left out, so they never count as a change.
export const dslOfGraph = ({ nodes, edges }: Graph, globals: Record<string, unknown>): Dsl =>
  dslFromGraph(nodes.map(savedNode), edges.map(savedEdge), globals);

export const blankDsl = (beginName: string): Dsl => dslOfGraph({ nodes: [beginNode(beginName)], edges: [] }, {});

// A change of one node from its form; `edges` moves edges along (a renamed category, a removed Switch case)
// and changes with the same `key` in quick succession undo as one step.
export type NodeUpdate = {
  name?: string;
  form?: Record<string, unknown>;
  edges?: (edges: EditorEdge[]) => EditorEdge[];
  key?: string;
};
