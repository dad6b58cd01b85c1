import { findChunkSpan } from "./chunk-match";

export type TextPiece = { str: string; transform: number[]; width: number };
export type Box = { left: number; top: number; width: number; height: number };

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

// The boxes (in the viewport's CSS pixels) of the page's text pieces that hold the chunk's text: pdf.js gives
// each piece's baseline transform and advance width; a piece of horizontal text spans one font height above it.
export const chunkBoxes = (pieces: TextPiece[], viewport: { transform: number[]; scale: number }, chunk: string) => {
  const starts: number[] = [];
  let text = "";
  for (const piece of pieces) {
    starts.push(text.length);
    text += `${piece.str} `;
  }
  const span = findChunkSpan(text, chunk);
  if (!span) return [];
  const boxes: Box[] = [];
  pieces.forEach((piece, index) => {
    const start = starts[index] ?? 0;
    if (!piece.str.trim() || start + piece.str.length <= span.start || start >= span.end) return;
    const [, , c, d, x, y] = multiply(viewport.transform as Matrix, piece.transform as Matrix);
    const height = Math.hypot(c, d);
    boxes.push({ left: x, top: y - height, width: piece.width * viewport.scale, height: height * 1.2 });
  });
  return boxes;
};
