import type { ComponentName } from "../../../../worker/contract/agents";
import { COMPONENT_DEFAULTS, CONTAINER_STARTS } from "../../../../worker/contract/agent-components";
import { type EditorNode, ITERATION_SIZE, nodeTypeFor } from "./graph";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ITERATION_ITEM_OFFSET = { x: 24, y: 72 };

const randomSuffix = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");

// Ids look like RAGFlow's ("Generate:ab12"); a clash with an existing node just draws again.
export const newNodeId = (name: ComponentName, nodes: Pick<EditorNode, "id">[]) => {
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
  name: ComponentName;
  position: { x: number; y: number };
  displayName: (name: ComponentName) => string;
  parentId?: string;
};

const plainNode = (nodes: EditorNode[], { name, position, displayName, parentId }: NewNode): EditorNode => ({
  id: newNodeId(name, nodes),
  type: nodeTypeFor(name),
  position,
  data: { label: name, name: uniqueName(displayName(name), nodes), form: structuredClone(COMPONENT_DEFAULTS[name]) },
  selected: true,
  ...(parentId ? { parentId, extent: "parent" as const } : {}),
});

// The nodes one palette entry adds: an Iteration or a Loop comes with its start node (IterationItem, LoopItem) inside.
export const createNodes = (nodes: EditorNode[], request: NewNode): EditorNode[] => {
  const node = plainNode(nodes, request);
  const start = CONTAINER_STARTS[request.name];
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
