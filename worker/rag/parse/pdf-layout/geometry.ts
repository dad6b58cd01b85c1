// Page geometry in PDF points with the origin at the page's top left (y grows downwards), as RAGFlow's positions.
export type Box = { left: number; top: number; right: number; bottom: number };

// One piece of text pdf.js placed (a text item without its surrounding blanks).
export type Run = { text: string; box: Box; baseline: number; size: number; bold: boolean };

// Runs on one baseline with no wide gap between them: a line of a column, a table cell, a header.
export type Fragment = { text: string; box: Box; baseline: number; size: number; bold: boolean };

// A straight ruling line of the page (table borders), horizontal or vertical.
export type Ruling = { horizontal: boolean; at: number; from: number; to: number };

export const union = (boxes: Box[]): Box => ({
  left: Math.min(...boxes.map((b) => b.left)),
  top: Math.min(...boxes.map((b) => b.top)),
  right: Math.max(...boxes.map((b) => b.right)),
  bottom: Math.max(...boxes.map((b) => b.bottom)),
});

// union of many boxes without spreading them as arguments (a page may hold tens of thousands)
export const unionAll = (boxes: Box[]): Box => {
  const out = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const b of boxes) {
    if (b.left < out.left) out.left = b.left;
    if (b.top < out.top) out.top = b.top;
    if (b.right > out.right) out.right = b.right;
    if (b.bottom > out.bottom) out.bottom = b.bottom;
  }
  return out;
};

export const centerInside = (box: Box, area: Box, slack = 1) => {
  const x = (box.left + box.right) / 2;
  const y = (box.top + box.bottom) / 2;
  return x >= area.left - slack && x <= area.right + slack && y >= area.top - slack && y <= area.bottom + slack;
};

export const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

// Fragments grouped into rows sharing a baseline (within a third of the font size), top to bottom, each row
// left to right.
export const rowsOf = <T extends { baseline: number; size: number; box: Box }>(items: T[]): T[][] => {
  const rows: T[][] = [];
  let row: T[] = [];
  let base = Number.NaN;
  for (const item of items.toSorted((a, b) => a.baseline - b.baseline)) {
    if (row.length && Math.abs(item.baseline - base) > Math.max(1, item.size * 0.35)) {
      rows.push(row);
      row = [];
    }
    if (row.length === 0) base = item.baseline;
    row.push(item);
  }
  if (row.length) rows.push(row);
  return rows.map((r) => r.toSorted((a, b) => a.box.left - b.box.left));
};

// A run's text joined to the previous one: a blank where the gap between them is wider than a thin space.
export const joinRuns = (runs: { text: string; box: Box; size: number }[]) => {
  let text = "";
  let right = Number.NEGATIVE_INFINITY;
  for (const run of runs) {
    if (text && run.box.left - right > run.size * 0.12 && !text.endsWith(" ")) text += " ";
    text += run.text;
    right = run.box.right;
  }
  return text;
};
