import type { Fragment } from "./geometry";
import { rowsOf } from "./geometry";

type Page = { height: number; fragments: Fragment[] };

// The top and bottom of a page where running headers, footers and page numbers sit (share of the page height).
const MARGIN_SHARE = 0.12;
// at most this many rows from each edge are candidates
const EDGE_ROWS = 2;
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:(?:page|seite|p\.|s\.)\s*)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:of|von|\/|aus)\s*\d{1,4})?(?:\s*[-–—])?$/i;

const keyOf = (row: Fragment[]) =>
  row
    .map((f) => f.text)
    .join(" ")
    .toLowerCase()
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();

type Candidate = { page: number; row: Fragment[]; key: string; alone: boolean };

// A row is furniture only if it stands apart from the body: its gap to the next row inwards is wider than a
// line's own height (an ordinary first line of body text is not a header).
const edgeRows = (page: Page, pageIndex: number): Candidate[] => {
  const rows = rowsOf(page.fragments);
  const candidates: Candidate[] = [];
  const take = (indexes: number[], inward: 1 | -1) => {
    for (const i of indexes) {
      const row = rows[i];
      const next = rows[i + inward];
      if (!row) continue;
      const edge = inward === 1 ? row[0]?.box.bottom : row[0]?.box.top;
      const inside =
        inward === 1 ? (edge ?? 0) <= page.height * MARGIN_SHARE : (edge ?? 0) >= page.height * (1 - MARGIN_SHARE);
      if (!inside) break;
      const size = Math.max(...row.map((f) => f.size));
      const gap = next
        ? inward === 1
          ? Math.min(...next.map((f) => f.box.top)) - Math.max(...row.map((f) => f.box.bottom))
          : Math.min(...row.map((f) => f.box.top)) - Math.max(...next.map((f) => f.box.bottom))
        : Number.POSITIVE_INFINITY;
      candidates.push({ page: pageIndex, row, key: keyOf(row), alone: gap > size * 0.9 });
    }
  };
  take(
    Array.from({ length: Math.min(EDGE_ROWS, rows.length) }, (_, i) => i),
    1,
  );
  take(
    Array.from({ length: Math.min(EDGE_ROWS, rows.length) }, (_, i) => rows.length - 1 - i),
    -1,
  );
  return candidates;
};

// Running headers and footers (the same row, numbers aside, at the edge of at least two pages and of 40 % of the
// pages read) and page numbers at a page's edge, left out of every page.
export const withoutFurniture = <P extends Page>(pages: P[]): P[] => {
  const candidates = pages.flatMap(edgeRows).filter((c) => c.alone);
  const pagesByKey = new Map<string, Set<number>>();
  for (const c of candidates) pagesByKey.set(c.key, (pagesByKey.get(c.key) ?? new Set()).add(c.page));
  const needed = Math.max(2, Math.ceil(pages.length * 0.4));
  const dropped = new Set<Fragment>();
  for (const c of candidates) {
    const text = c.row.map((f) => f.text).join(" ");
    if ((pagesByKey.get(c.key)?.size ?? 0) >= needed || PAGE_NUMBER.test(text.trim()))
      for (const f of c.row) dropped.add(f);
  }
  return pages.map((page) => ({ ...page, fragments: page.fragments.filter((f) => !dropped.has(f)) }));
};
