import { findChunkSpan } from "./chunk-match";

type Piece = { node: Text; start: number };

// The text under an element as one string, each text node followed by a space so words of neighbouring
// paragraphs and table cells do not run together, with where each node starts in it.
const textPieces = (root: Node) => {
  const walker = root.ownerDocument?.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const pieces: Piece[] = [];
  let text = "";
  for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
    pieces.push({ node: node as Text, start: text.length });
    text += `${node.textContent ?? ""} `;
  }
  return { text, pieces };
};

const pointAt = (pieces: Piece[], offset: number, end: boolean) => {
  // the last piece that starts at or before the offset (for an end, strictly before, so it stays inside a node)
  let found: Piece | undefined;
  for (const piece of pieces) {
    if (end ? piece.start < offset : piece.start <= offset) found = piece;
    else break;
  }
  if (!found) return null;
  const length = found.node.textContent?.length ?? 0;
  return { node: found.node, offset: Math.min(length, offset - found.start) };
};

// A DOM range over the place in `root` that holds the chunk's text, or null where it is not there.
export const chunkRangeIn = (root: Node, chunk: string): Range | null => {
  const { text, pieces } = textPieces(root);
  const span = findChunkSpan(text, chunk);
  if (!span) return null;
  const from = pointAt(pieces, span.start, false);
  const to = pointAt(pieces, span.end, true);
  if (!from || !to || !root.ownerDocument) return null;
  const range = root.ownerDocument.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
};
