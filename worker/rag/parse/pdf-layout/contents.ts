import type { Box, Fragment } from "./geometry";
import { rowsOf, unionAll } from "./geometry";

export type FoundContents = { box: Box; entries: string[]; fragments: Set<Fragment> };

const TITLE = /^(?:inhalt|inhaltsverzeichnis|inhaltsübersicht|contents|table of contents|sommaire|índice)$/i;
const LEADERS = /^(.*?\S)\s*(?:[.·…_]\s*){3,}\s*(\d{1,4}|[ivxlc]{1,6})$/i;
const PAGE = /^(?:\d{1,4}|[ivxlc]{1,6})$/i;
const MIN_ENTRIES = 3;

const rowText = (row: Fragment[]) => row.map((f) => f.text).join(" ");

// An entry of a table of contents: a row ending in dot leaders and a page number, or (below a "Contents" title)
// a row whose last fragment is a page number. Returns "Title 12", or null.
const entryOf = (row: Fragment[], underTitle: boolean) => {
  const leaders = LEADERS.exec(rowText(row));
  if (leaders) return `${leaders[1]} ${leaders[2]}`;
  const last = row.at(-1);
  if (underTitle && row.length >= 2 && last && PAGE.test(last.text.trim()))
    return `${rowText(row.slice(0, -1))} ${last.text.trim()}`;
  return null;
};

// The page's tables of contents: at least three consecutive entries (a wrapped title line between two entries
// belongs to the next one).
export const tablesOfContents = (fragments: Fragment[]): FoundContents[] => {
  const rows = rowsOf(fragments);
  const found: FoundContents[] = [];
  let underTitle = false;
  let entries: string[] = [];
  let taken: Fragment[] = [];
  let pending: Fragment[] | null = null;
  const close = () => {
    if (entries.length >= MIN_ENTRIES)
      found.push({ box: unionAll(taken.map((f) => f.box)), entries, fragments: new Set(taken) });
    entries = [];
    taken = [];
    pending = null;
  };
  for (const row of rows) {
    if (TITLE.test(rowText(row).trim())) {
      close();
      underTitle = true;
      continue;
    }
    const entry = entryOf(row, underTitle);
    if (entry) {
      entries.push(pending ? `${rowText(pending)} ${entry}` : entry);
      taken.push(...(pending ?? []), ...row);
      pending = null;
    } else if (entries.length > 0 && !pending) pending = row;
    else close();
  }
  close();
  return found;
};
