import type { Graph } from "./graph";

export const HISTORY_LIMIT = 100;
// Changes of the same field this close together are one step to undo (typing a name is not one step per letter).
export const COALESCE_MS = 1000;

export type EditorState = Graph & { past: Graph[]; future: Graph[]; lastKey: string | null; lastAt: number };

export const initialState = (graph: Graph): EditorState => ({
  ...graph,
  past: [],
  future: [],
  lastKey: null,
  lastAt: 0,
});

// A snapshot without selection: undoing must not bring back what was selected then.
const snapshot = ({ nodes, edges }: Graph): Graph => ({
  nodes: nodes.map((node) => (node.selected || node.dragging ? { ...node, selected: false, dragging: false } : node)),
  edges: edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)),
});

// The current graph goes onto the undo stack (unless `key` says this continues the last change).
export const remember = (state: EditorState, key: string | null = null, now = Date.now()): EditorState => {
  if (key !== null && key === state.lastKey && now - state.lastAt < COALESCE_MS) return { ...state, lastAt: now };
  return {
    ...state,
    past: [...state.past, snapshot(state)].slice(-HISTORY_LIMIT),
    future: [],
    lastKey: key,
    lastAt: now,
  };
};

// A change worth undoing: remembered first, then applied.
export const change = (
  state: EditorState,
  next: (graph: Graph) => Graph,
  key: string | null = null,
  now = Date.now(),
): EditorState => {
  const remembered = remember(state, key, now);
  return { ...remembered, ...next(remembered) };
};

export const undo = (state: EditorState): EditorState => {
  const previous = state.past.at(-1);
  if (!previous) return state;
  return {
    ...state,
    ...previous,
    past: state.past.slice(0, -1),
    future: [snapshot(state), ...state.future],
    lastKey: null,
  };
};

export const redo = (state: EditorState): EditorState => {
  const next = state.future[0];
  if (!next) return state;
  return { ...state, ...next, past: [...state.past, snapshot(state)], future: state.future.slice(1), lastKey: null };
};
