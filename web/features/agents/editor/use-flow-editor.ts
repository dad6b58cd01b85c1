import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type OnBeforeDelete,
  type OnEdgesChange,
  type OnNodesChange,
} from "@xyflow/react";
import { useCallback, useState } from "react";
import { canConnect, connect } from "../model/branches";
import {
  type EditorComponent,
  type EditorEdge,
  type EditorNode,
  type Graph,
  isContainerStartLabel,
  type NodeData,
  type NodeUpdate,
} from "../model/graph";
import { change, type EditorState, initialState, redo, remember, undo } from "../model/history";
import { createNodes } from "../model/node-factory";

const unselected = (node: EditorNode) => (node.selected ? { ...node, selected: false } : node);

// Begin stays; an Iteration's or a Loop's start node goes only with it. Edges of what stays are kept unless picked themselves.
const deletable = (nodes: EditorNode[], edges: EditorEdge[]) => {
  const removing = new Set(nodes.map((node) => node.id));
  const keptNodes = nodes.filter(
    (node) => !isContainerStartLabel(node.data.label) || (node.parentId !== undefined && removing.has(node.parentId)),
  );
  const gone = new Set(keptNodes.map((node) => node.id));
  const keptEdges = edges.filter((edge) => edge.selected || gone.has(edge.source) || gone.has(edge.target));
  return { nodes: keptNodes, edges: keptEdges };
};

// The editor's graph with its undo history: React Flow's own changes (drag, select, measure) pass through,
// everything that changes the agent is remembered first.
export const useFlowEditor = (initial: Graph) => {
  const [state, setState] = useState<EditorState>(() => initialState(initial));

  const onNodesChange: OnNodesChange<EditorNode> = useCallback(
    (changes) => setState((current) => ({ ...current, nodes: applyNodeChanges(changes, current.nodes) })),
    [],
  );
  const onEdgesChange: OnEdgesChange<EditorEdge> = useCallback(
    (changes) => setState((current) => ({ ...current, edges: applyEdgeChanges(changes, current.edges) })),
    [],
  );
  const onConnect = useCallback(
    (connection: Connection) =>
      setState((current) =>
        change(current, (graph) => ({ ...graph, edges: connect(graph.edges, graph.nodes, connection) })),
      ),
    [],
  );
  const onNodeDragStart = useCallback(() => setState((current) => remember(current)), []);

  const onBeforeDelete: OnBeforeDelete<EditorNode, EditorEdge> = async ({ nodes, edges }) => {
    const allowed = deletable(nodes, edges);
    if (allowed.nodes.length === 0 && allowed.edges.length === 0) return false;
    setState((current) => remember(current));
    return allowed;
  };

  const addComponent = (
    name: EditorComponent,
    position: { x: number; y: number },
    displayName: (name: EditorComponent) => string,
    parentId?: string,
  ) =>
    setState((current) =>
      change(current, (graph) => ({
        ...graph,
        nodes: [...graph.nodes.map(unselected), ...createNodes(graph.nodes, { name, position, displayName, parentId })],
      })),
    );

  const updateNode = (id: string, update: NodeUpdate) =>
    setState((current) =>
      change(
        current,
        (graph) => ({
          nodes: graph.nodes.map((node) => {
            if (node.id !== id) return node;
            const data: NodeData = {
              ...node.data,
              ...(update.name === undefined ? {} : { name: update.name }),
              ...(update.form ? { form: update.form } : {}),
            };
            return { ...node, data };
          }),
          edges: update.edges ? update.edges(graph.edges) : graph.edges,
        }),
        update.key ? `${id}:${update.key}` : null,
      ),
    );

  return {
    nodes: state.nodes,
    edges: state.edges,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    undo: () => setState(undo),
    redo: () => setState(redo),
    onNodesChange,
    onEdgesChange,
    onConnect,
    onNodeDragStart,
    onBeforeDelete,
    isValidConnection: (connection: Pick<Connection, "source" | "target">) => canConnect(state.nodes, connection),
    addComponent,
    updateNode,
  };
};

export type FlowEditor = ReturnType<typeof useFlowEditor>;
