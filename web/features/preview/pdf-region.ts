import type { Box } from "./pdf-highlight";

// A chunk's position (RAGFlow's position_int entry): [page, left, right, top, bottom] in PDF points from the
// page's top left; [page, 0, 0, 0, 0] names the page only.
export type ChunkPosition = number[];

// The positions that mark a region on the page (those with an area).
export const regionsOnPage = (positions: ChunkPosition[], page: number) =>
  positions.filter(
    ([onPage, left = 0, right = 0, top = 0, bottom = 0]) => onPage === page && right > left && bottom > top,
  );

const apply = (m: number[], x: number, y: number): [number, number] => [
  (m[0] ?? 1) * x + (m[2] ?? 0) * y + (m[4] ?? 0),
  (m[1] ?? 0) * x + (m[3] ?? 1) * y + (m[5] ?? 0),
];

// The regions in the viewport's CSS pixels: a position's corners are taken into PDF user space (the page's view
// box: y grows upwards from its bottom) and through pdf.js's viewport transform, which scales, flips and rotates.
export const regionBoxes = (
  positions: ChunkPosition[],
  page: number,
  viewport: { transform: number[]; viewBox: number[] },
): Box[] => {
  const [x0 = 0, , , y1 = 0] = viewport.viewBox;
  return regionsOnPage(positions, page).map(([, left = 0, right = 0, top = 0, bottom = 0]) => {
    const [ax, ay] = apply(viewport.transform, x0 + left, y1 - top);
    const [bx, by] = apply(viewport.transform, x0 + right, y1 - bottom);
    return {
      left: Math.min(ax, bx),
      top: Math.min(ay, by),
      width: Math.abs(bx - ax),
      height: Math.abs(by - ay),
    };
  });
};
