import type { Fragment } from "./geometry";
import { rowsOf } from "./geometry";

type Page = { height: number; fragments: Fragment[] };

// The top and bottom of a page where running headers, footers and page numbers sit (share of the page height).
const MARGIN_SHARE = 0.2;
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

type Candidate = { page: number; row: Fragment[]; key: string };

const top = (row: Fragment[]) => Math.min(...row.map((f) => f.box.top));
const bottom = (row: Fragment[]) => Math.max(...row.map((f) => f.box.bottom));

// The first (or last) one or two rows of a page, inside its top (bottom) margin, that stand apart from the body
// below (above) them: the white space to the next row inwards is wider than the row is high. A page's only
// lines, or an ordinary first line of body text, are no candidates.
const edgeRows = (page: Page, pageIndex: number): Candidate[] => {
  const rows = rowsOf(page.fragments);
  const candidates: Candidate[] = [];
  const take = (order: Fragment[][], inward: 1 | -1) => {
    for (let i = 0; i < EDGE_ROWS && i + 1 < order.length; i++) {
      const row = order[i] ?? [];
      const next = order[i + 1] ?? [];
      const inside =
        inward === 1 ? bottom(row) <= page.height * MARGIN_SHARE : top(row) >= page.height * (1 - MARGIN_SHARE);
      if (!inside) return;
      const gap = inward === 1 ? top(next) - bottom(row) : top(row) - bottom(next);
      if (gap > Math.max(...row.map((f) => f.size)) * 0.9) {
        for (const edge of order.slice(0, i + 1)) candidates.push({ page: pageIndex, row: edge, key: keyOf(edge) });
        return;
      }
    }
  };
  take(rows, 1);
  take(rows.toReversed(), -1);
  return candidates;
};

// Running headers and footers (the same row, numbers aside, at the edge of at least two pages and of 40 % of the
// pages read) and page numbers at a page's edge, left out of every page.
export const withoutFurniture = <P extends Page>(pages: P[]): P[] => {
  const candidates = pages.flatMap(edgeRows);
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
