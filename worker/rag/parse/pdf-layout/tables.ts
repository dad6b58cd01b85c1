import type { Box, Fragment, Ruling } from "./geometry";
import { centerInside, rowsOf, unionAll } from "./geometry";

// `caption`: rows above the header inside the table's borders with a single cell (a title)
export type FoundTable = { box: Box; cells: string[][]; fragments: Set<Fragment>; caption?: string };

const TOLERANCE = 2;

const clusterValues = (values: number[]) => {
  const out: number[] = [];
  for (const value of values.toSorted((a, b) => a - b))
    if (out.length === 0 || value - (out.at(-1) ?? 0) > TOLERANCE) out.push(value);
  return out;
};

const touches = (h: Ruling, v: Ruling) =>
  v.at >= h.from - TOLERANCE && v.at <= h.to + TOLERANCE && h.at >= v.from - TOLERANCE && h.at <= v.to + TOLERANCE;

// Rulings that cross or touch form one grid (union-find over horizontal × vertical pairs; the caller bounds the
// number of rulings).
const grids = (rulings: Ruling[]) => {
  const parent = rulings.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] ?? i] ?? i;
      i = parent[i] ?? i;
    }
    return i;
  };
  for (let i = 0; i < rulings.length; i++)
    for (let j = i + 1; j < rulings.length; j++) {
      const a = rulings[i];
      const b = rulings[j];
      if (!a || !b || a.horizontal === b.horizontal) continue;
      if (touches(a.horizontal ? a : b, a.horizontal ? b : a)) parent[find(i)] = find(j);
    }
  const groups = new Map<number, Ruling[]>();
  rulings.forEach((ruling, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), ruling]));
  return [...groups.values()];
};

const cellText = (fragments: Fragment[]) =>
  rowsOf(fragments)
    .map((row) => row.map((f) => f.text).join(" "))
    .join(" ")
    .replace(/(\p{Ll})- (\p{Ll})/gu, "$1$2")
    .trim();

// A grid row whose filled cells all hold the same number (> 1) of text lines is that many table rows (a table
// ruled only every few rows); otherwise one row of multi-line cells.
const subRows = (row: Fragment[][]): string[][] => {
  const lines = row.map((cell) => rowsOf(cell));
  const counts = new Set(lines.filter((cell) => cell.length > 0).map((cell) => cell.length));
  const [count = 1] = counts;
  if (counts.size !== 1 || count < 2) return [row.map(cellText)];
  return Array.from({ length: count }, (_, i) => lines.map((cell) => cellText(cell[i] ?? [])));
};

const nonEmptyRows = (cells: string[][]) => cells.filter((row) => row.some(Boolean));

// A grid of cells that reads as a table: most cells filled, most of those with a letter or digit, the header row
// with at least two cells (aligned formulas and drawings give sparse grids of symbols).
export const isTableLike = (cells: string[][]) => {
  const all = cells.flat();
  const filled = all.filter((cell) => cell.trim());
  const wordy = filled.filter((cell) => /\p{N}|\p{L}{2}/u.test(cell));
  return (
    cells.length >= 2 &&
    (cells[0]?.filter((cell) => cell.trim()).length ?? 0) >= 2 &&
    filled.length >= all.length * 0.6 &&
    wordy.length >= filled.length * 0.7
  );
};

// Tables drawn with ruling lines: each grid of at least 2 × 2 cells with text takes the fragments whose centre
// lies inside it; a cell holds the fragments inside its borders (merged cells read as their first cell).
export const ruledTables = (fragments: Fragment[], rulings: Ruling[]): FoundTable[] => {
  const tables: FoundTable[] = [];
  for (const grid of grids(rulings)) {
    const xs = clusterValues(grid.filter((r) => !r.horizontal).map((r) => r.at));
    const ys = clusterValues(grid.filter((r) => r.horizontal).map((r) => r.at));
    if (xs.length < 3 || ys.length < 3) continue;
    const box = { left: xs[0] ?? 0, right: xs.at(-1) ?? 0, top: ys[0] ?? 0, bottom: ys.at(-1) ?? 0 };
    const inside = fragments.filter((f) => centerInside(f.box, box));
    const slots: Fragment[][][] = ys.slice(1).map(() => xs.slice(1).map(() => []));
    for (const f of inside) {
      const cx = (f.box.left + f.box.right) / 2;
      const cy = (f.box.top + f.box.bottom) / 2;
      const col = xs.findIndex((x, i) => i > 0 && cx <= x) - 1;
      const row = ys.findIndex((y, i) => i > 0 && cy <= y) - 1;
      slots[Math.max(0, row)]?.[Math.max(0, col)]?.push(f);
    }
    const cells = nonEmptyRows(slots.flatMap(subRows));
    const title: string[] = [];
    while (cells.length > 2 && (cells[0]?.filter(Boolean).length ?? 0) < 2)
      title.push((cells.shift() ?? []).join(" ").trim());
    const usedColumns = xs.slice(1).filter((_, c) => cells.some((row) => row[c])).length;
    if (cells.length < 2 || usedColumns < 2 || !isTableLike(cells)) continue;
    tables.push({ box, cells, fragments: new Set(inside), caption: title.join(" ") || undefined });
  }
  return tables;
};

// Table rows without rulings: at least this many consecutive rows of two or more short cells in the same columns.
const MIN_ROWS = 3;
const NUMBER_CELL = /^[-+−–(]?[\d.,%€$£ ]+[)%]?$/;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

type Span = { left: number; right: number };

// The columns so far widened by a row's fragments: spans closer than `gap` merge.
const withRow = (columns: Span[], row: Fragment[], gap: number): Span[] => {
  const spans: Span[] = [];
  const all = [...columns, ...row.map((f) => ({ left: f.box.left, right: f.box.right }))];
  for (const span of all.toSorted((a, b) => a.left - b.left)) {
    const last = spans.at(-1);
    if (last && span.left - last.right < gap) last.right = Math.max(last.right, span.right);
    else spans.push({ ...span });
  }
  return spans;
};

const looksTabular = (rows: Fragment[][], columns: Span[]) => {
  const cells = rows.flat();
  const meanWords = cells.reduce((sum, f) => sum + words(f.text), 0) / cells.length;
  const numeric = cells.filter((f) => NUMBER_CELL.test(f.text)).length / cells.length;
  const multi = rows.filter((row) => row.length >= 2).length;
  // lines of running text in columns: many start in lower case or end hyphenated
  const prose = cells.filter((f) => /^\p{Ll}/u.test(f.text) || /\p{L}-$/u.test(f.text)).length / cells.length;
  return columns.length >= 2 && multi >= MIN_ROWS && prose < 0.2 && (meanWords <= 3.5 || numeric >= 0.4);
};

// The rows' fragments in their columns; a row with one fragment that leaves the first column empty continues the
// row above (a wrapped cell).
const cellsOf = (rows: Fragment[][], columns: Span[], gap: number) => {
  const cells: string[][] = [];
  for (const row of rows) {
    const line = columns.map(() => "");
    for (const f of row) {
      const col = Math.max(
        0,
        columns.findIndex((c) => f.box.left < c.right + gap / 2),
      );
      line[col] = line[col] ? `${line[col]} ${f.text}` : f.text;
    }
    const last = cells.at(-1);
    if (row.length < 2 && last && !line[0]) line.forEach((text, i) => text && (last[i] = `${last[i]} ${text}`.trim()));
    else cells.push(line);
  }
  return cells;
};

// Tables without rulings: runs of consecutive rows (page-wide, top to bottom) whose fragments fall into the same
// two or more columns, with short cells (a two-column page has long lines in its columns, a table short cells or
// numbers). A row with a single fragment that is not in the first column continues the row above (a wrapped cell).
export const alignedTables = (fragments: Fragment[], bodySize: number): FoundTable[] => {
  const rows = rowsOf(fragments);
  const tables: FoundTable[] = [];
  const gap = bodySize * 0.9;
  let start = 0;
  while (start < rows.length) {
    if ((rows[start]?.length ?? 0) < 2) {
      start++;
      continue;
    }
    let end = start + 1;
    let columns = withRow([], rows[start] ?? [], gap);
    while (end < rows.length) {
      const row = rows[end] ?? [];
      const previous = rows[end - 1] ?? [];
      const spacing = (row[0]?.baseline ?? 0) - (previous[0]?.baseline ?? 0);
      if (spacing > (row[0]?.size ?? bodySize) * 2.6) break;
      const next = withRow(columns, row, gap);
      // a row that merges two columns into one does not belong to the table
      if (next.length < columns.length && row.length >= 2) break;
      if (row.length < 2 && !(columns.length >= 2 && (row[0]?.box.left ?? 0) > (columns[1]?.left ?? 0) - gap)) break;
      columns = next;
      end++;
    }
    const taken = rows.slice(start, end);
    const cells = taken.length >= MIN_ROWS && looksTabular(taken, columns) ? cellsOf(taken, columns, gap) : [];
    if (isTableLike(cells)) {
      const flat = taken.flat();
      tables.push({ box: unionAll(flat.map((f) => f.box)), cells, fragments: new Set(flat) });
    }
    // rows already looked at are not looked at again (linear in the page's rows)
    start = Math.max(end, start + 1);
  }
  return tables;
};

// Whether a table found inside one column is only part of a wider one: the fragments beside it (outside its
// column, on its heights) are short cells too, not the running text of the next column.
export const continuesBeside = (table: FoundTable, column: Fragment[], fragments: Fragment[]) => {
  const inColumn = new Set(column);
  const beside = fragments.filter((f) => {
    const middle = (f.box.top + f.box.bottom) / 2;
    return !inColumn.has(f) && middle >= table.box.top && middle <= table.box.bottom;
  });
  if (beside.length === 0) return false;
  return beside.reduce((sum, f) => sum + words(f.text), 0) / beside.length <= 3.5;
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// RAGFlow's form: an HTML table, the first row as header cells.
export const tableHtml = (cells: string[][], caption?: string) => {
  const [header = [], ...body] = cells;
  const row = (values: string[], tag: "th" | "td") =>
    `<tr>${values.map((value) => `<${tag}>${escapeHtml(value)}</${tag}>`).join("")}</tr>`;
  const title = caption ? `<caption>${escapeHtml(caption)}</caption>` : "";
  return `<table>${title}${row(header, "th")}${body.map((values) => row(values, "td")).join("")}</table>`;
};
