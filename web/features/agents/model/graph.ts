import type { Edge, Node } from "@xyflow/react";
import type { ComponentName, Dsl, FlowEdge, FlowNode } from "../../../../worker/contract/agents";
import { COMPONENT_DEFAULTS, CONTAINER_STARTS, isContainerStart } from "../../../../worker/contract/agent-components";
import { dslFromGraph, graphFromDsl, withoutToolNodes } from "../../../../worker/contract/agent-graph";
import type { DataflowComponentName } from "../../../../worker/contract/dataflow";
import { type CanvasKind, DATAFLOW_CANVAS, dataflowForm, FILE_ID, isDataflowLabel } from "./dataflow";

export const BEGIN_ID = "begin";
export const ITERATION_SIZE = { width: 460, height: 260 };
// Where the components of an Iteration without a saved layout are put: a row below its title.
const CHILD_ORIGIN = { x: 24, y: 72 };
const CHILD_STEP = 260;

// An agent's components or an ingestion pipeline's.
export type EditorComponent = ComponentName | DataflowComponentName;
export type NodeData = { label: EditorComponent; name: string; form: Record<string, unknown> };
export type EditorNodeType = "component" | "note" | "iteration";
export type EditorNode = Node<NodeData, EditorNodeType>;
export type EditorEdge = Edge;
export type Graph = { nodes: EditorNode[]; edges: EditorEdge[] };

// What the DSL's graph keeps of a node: FlowNode plus the size of the nodes the user can resize.
type SavedNode = FlowNode & { width?: number; height?: number };

// Iterations and Loops are groups on the canvas ("iteration" nodes), their components inside.
export const nodeTypeFor = (label: EditorComponent): EditorNodeType =>
  label === "Note" ? "note" : !isDataflowLabel(label) && CONTAINER_STARTS[label] ? "iteration" : "component";

// An Iteration's or a Loop's start node (a pipeline has none).
export const isContainerStartLabel = (label: EditorComponent) => !isDataflowLabel(label) && isContainerStart(label);

const isStartNode = (node: Pick<EditorNode, "id" | "data">) =>
  node.id === BEGIN_ID || (node.id === FILE_ID && node.data.label === "File");

// Components that stay in the graph as long as their owner does: Begin (a pipeline's File), and the start of each
// Iteration or Loop.
export const isFixedNode = (node: Pick<EditorNode, "id" | "data">) =>
  isStartNode(node) || isContainerStartLabel(node.data.label);

// React Flow wants a parent before its children.
const parentsFirst = (nodes: EditorNode[]) => [
  ...nodes.filter((node) => !node.parentId),
  ...nodes.filter((node) => node.parentId),
];

// The form of a node: an agent component's defaults under its saved form; a pipeline component's from the DSL's
// params (a RAGFlow graph keeps its own editor's shape in the form).
const formOf = (node: SavedNode, dsl: Dsl): Record<string, unknown> => {
  const label = node.data.label as EditorComponent;
  if (isDataflowLabel(label)) return dataflowForm(label, dsl.components[node.id]?.obj.params ?? node.data.form ?? {});
  // the display name lives in data.name; params.name is only its copy in the DSL
  const form: Record<string, unknown> = { ...node.data.form };
  delete form.name;
  return { ...structuredClone(COMPONENT_DEFAULTS[label] ?? {}), ...form };
};

const editorNode = (node: SavedNode, dsl: Dsl): EditorNode => {
  const label = node.data.label as EditorComponent;
  const size =
    node.width && node.height
      ? { width: node.width, height: node.height }
      : !isDataflowLabel(label) && CONTAINER_STARTS[label]
        ? ITERATION_SIZE
        : null;
  return {
    id: node.id,
    type: nodeTypeFor(label),
    position: node.position,
    data: { label, name: node.data.name || label, form: formOf(node, dsl) },
    ...(node.parentId ? { parentId: node.parentId, extent: "parent" as const } : {}),
    ...size,
    ...(isStartNode({ id: node.id, data: { label, name: "", form: {} } }) ? { deletable: false } : {}),
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

// The editor's graph of a saved agent or pipeline (a graph is laid out when the DSL has none); `startName` names
// the Begin (File) node the graph gets when it lacks one.
export const graphOfDsl = (dsl: Dsl, startName: string, kind: CanvasKind = "agent_canvas"): Graph => {
  // a RAGFlow flow's graph may hold nodes that are no components of it (its Agents' tools and sub-agents)
  const laidOut = graphFromDsl(dsl);
  const graph = withoutToolNodes(laidOut.nodes as SavedNode[], laidOut.edges as FlowEdge[]);
  const nodes = nestIterations(
    graph.nodes.map((node) => editorNode(node, dsl)),
    dsl,
  );
  const start = kind === DATAFLOW_CANVAS ? fileNode(startName) : beginNode(startName);
  if (!nodes.some((node) => node.id === start.id)) nodes.unshift(start);
  const edges = graph.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    // a pipeline's nodes have one handle each way; RAGFlow's graph names them ("start", "end"), Buddy's don't
    sourceHandle: kind === DATAFLOW_CANVAS ? null : (edge.sourceHandle ?? null),
    targetHandle: kind === DATAFLOW_CANVAS ? null : (edge.targetHandle ?? null),
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

// A pipeline's start: the file the pipeline is run on (RAGFlow's File, id "File").
export const fileNode = (name: string): EditorNode => ({
  id: FILE_ID,
  type: "component",
  position: { x: 80, y: 200 },
  data: { label: "File", name, form: {} },
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
export const blankPipelineDsl = (fileName: string): Dsl => dslOfGraph({ nodes: [fileNode(fileName)], edges: [] }, {});

// A change of one node from its form; `edges` moves edges along (a renamed category, a removed Switch case)
// and changes with the same `key` in quick succession undo as one step.
export type NodeUpdate = {
  name?: string;
  form?: Record<string, unknown>;
  edges?: (edges: EditorEdge[]) => EditorEdge[];
  key?: string;
};
