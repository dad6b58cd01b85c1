import { type EditorNode, ITERATION_SIZE } from "./graph";

type Point = { x: number; y: number };
type Size = { width: number; height: number };

// Sizes before React Flow has measured a node (a component card is 14rem wide).
const COMPONENT_SIZE: Size = { width: 224, height: 64 };
const NOTE_SIZE: Size = { width: 200, height: 120 };
const GAP = 24;
const MAX_TRIES = 40;

export const sizeOf = (node: Pick<EditorNode, "type" | "measured" | "width" | "height">): Size => ({
  width:
    node.measured?.width ??
    node.width ??
    (node.type === "iteration" ? ITERATION_SIZE : node.type === "note" ? NOTE_SIZE : COMPONENT_SIZE).width,
  height:
    node.measured?.height ??
    node.height ??
    (node.type === "iteration" ? ITERATION_SIZE : node.type === "note" ? NOTE_SIZE : COMPONENT_SIZE).height,
});

export const newNodeSize = (type: EditorNode["type"]) => sizeOf({ type });

const overlaps = (a: Point & Size, b: Point & Size) =>
  a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

// The first place at or below `wanted` where a new top-level node of `size` covers no other top-level node.
export const freeSpot = (nodes: EditorNode[], wanted: Point, size: Size): Point => {
  const others = nodes.filter((node) => !node.parentId).map((node) => ({ ...node.position, ...sizeOf(node) }));
  let spot = wanted;
  for (let i = 0; i < MAX_TRIES; i++) {
    const blocker = others.find((other) => overlaps({ ...spot, ...size }, other));
    if (!blocker) return spot;
    spot = { x: spot.x, y: blocker.y + blocker.height + GAP };
  }
  return wanted;
};

// The top-level Iteration a canvas point lies in (components dropped there become its children).
export const iterationAt = (nodes: EditorNode[], point: Point) =>
  nodes.find((node) => {
    if (node.type !== "iteration" || node.parentId) return false;
    const { width, height } = sizeOf(node);
    return (
      point.x >= node.position.x &&
      point.x <= node.position.x + width &&
      point.y >= node.position.y &&
      point.y <= node.position.y + height
    );
  });
