import type { NodeTypes } from "@xyflow/react";
import { ComponentNode } from "./component-node";
import { IterationNode } from "./iteration-node";
import { NoteNode } from "./note-node";

// Outside any component so React Flow sees the same object on every render.
export const NODE_TYPES: NodeTypes = { component: ComponentNode, note: NoteNode, iteration: IterationNode };
