import type { Block, BlockBox } from "../parse/types";
import type { Position } from "./types";

const position = (page: number, [left, top, right, bottom]: BlockBox): Position => [page, left, right, top, bottom];

// RAGFlow's position_int of a chunk: one [page, left, right, top, bottom] per PDF block (and per place a
// hyphenated paragraph goes on), in reading order, each once. Blocks without a box (other formats) add none.
export const positionsOf = (blocks: Block[]): Position[] => {
  const seen = new Map<string, Position>();
  for (const block of blocks) {
    const places = [
      ...(block.page && block.box ? [{ page: block.page, box: block.box }] : []),
      ...(block.continued ?? []),
    ];
    for (const { page, box } of places) {
      const place = position(page, box);
      seen.set(place.join(","), place);
    }
  }
  return [...seen.values()];
};

// The pages a chunk's blocks are on, in order, each once.
export const pagesOf = (blocks: Block[]): number[] => [
  ...new Set(
    blocks.flatMap((block) => [...(block.page ? [block.page] : []), ...(block.continued ?? []).map((c) => c.page)]),
  ),
];

// A chunk's pages and (PDF blocks only) positions from its blocks.
export const placesOf = (blocks: Block[]): { pages: number[]; positions?: Position[] } => {
  const positions = positionsOf(blocks);
  return { pages: pagesOf(blocks), ...(positions.length ? { positions } : {}) };
};

// Positions given through the API: the pages are their first numbers; boxes are kept where they are
// [page, left, right, top, bottom] with an area ([page, 0, 0, 0, 0] names a page only).
export const givenPlaces = (given: number[][]) => ({
  pages: [...new Set(given.flatMap(([page]) => (page === undefined ? [] : [page])))],
  positions: given.filter(
    (place): place is Position =>
      place.length === 5 && (place[2] ?? 0) > (place[1] ?? 0) && (place[4] ?? 0) > (place[3] ?? 0),
  ),
});

// What the API answers as a chunk's positions: page by page its stored boxes, or [page, 0, 0, 0, 0] for a page
// it has none on (other formats, chunks stored before boxes were kept, OCR text from a scan).
export const answeredPositions = (pages: number[], positions: number[][]): number[][] => [
  ...pages.flatMap((page) => {
    const boxes = positions.filter(([onPage]) => onPage === page);
    return boxes.length ? boxes : [[page, 0, 0, 0, 0]];
  }),
  ...positions.filter(([onPage]) => onPage === undefined || !pages.includes(onPage)),
];
