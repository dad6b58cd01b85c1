import { COMPONENT_DEFAULTS, CONTAINER_STARTS } from "../../../../worker/contract/agent-components";
import { DATAFLOW_COMPONENT_DEFAULTS } from "../../../../worker/contract/dataflow";
import { isDataflowLabel } from "./dataflow";
import { type EditorComponent, type EditorNode, ITERATION_SIZE, nodeTypeFor } from "./graph";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ITERATION_ITEM_OFFSET = { x: 24, y: 72 };

const randomSuffix = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");

// Ids look like RAGFlow's ("Generate:ab12"); a clash with an existing node just draws again.
export const newNodeId = (name: EditorComponent, nodes: Pick<EditorNode, "id">[]) => {
  const taken = new Set(nodes.map((node) => node.id));
  for (;;) {
    const id = `${name}:${randomSuffix()}`;
    if (!taken.has(id)) return id;
  }
};

// "Generieren", then "Generieren 2", "Generieren 3", … whichever is free first.
export const uniqueName = (base: string, nodes: Pick<EditorNode, "data">[]) => {
  const taken = new Set(nodes.map((node) => node.data.name.trim().toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
};

type NewNode = {
  name: EditorComponent;
  position: { x: number; y: number };
  displayName: (name: EditorComponent) => string;
  parentId?: string;
};

const defaultsOf = (name: EditorComponent) =>
  isDataflowLabel(name) ? DATAFLOW_COMPONENT_DEFAULTS[name] : COMPONENT_DEFAULTS[name];

const plainNode = (nodes: EditorNode[], { name, position, displayName, parentId }: NewNode): EditorNode => ({
  id: newNodeId(name, nodes),
  type: nodeTypeFor(name),
  position,
  data: { label: name, name: uniqueName(displayName(name), nodes), form: structuredClone(defaultsOf(name)) },
  selected: true,
  ...(parentId ? { parentId, extent: "parent" as const } : {}),
});

// The nodes one palette entry adds: an Iteration or a Loop comes with its start node (IterationItem, LoopItem) inside.
export const createNodes = (nodes: EditorNode[], request: NewNode): EditorNode[] => {
  const node = plainNode(nodes, request);
  const start = isDataflowLabel(request.name) ? undefined : CONTAINER_STARTS[request.name];
  if (!start) return [node];
  const group = { ...node, ...ITERATION_SIZE };
  const item = plainNode([...nodes, group], {
    name: start,
    position: ITERATION_ITEM_OFFSET,
    displayName: request.displayName,
    parentId: group.id,
  });
  return [group, { ...item, selected: false }];
};
