import type { Box, Fragment, Ruling, Run } from "./geometry";
import { joinRuns, rowsOf } from "./geometry";

type TextItem = { str: string; width: number; height: number; transform: number[]; fontName: string };
type Matrix = [number, number, number, number, number, number];
type FontLike = { name?: string; bold?: boolean; black?: boolean };
type Operators = { fnArray: number[]; argsArray: unknown[] };
export type PageOps = Record<string, number>;

// What the layout reads of one page: its size, the text runs and the ruling lines.
export type PageContent = { number: number; width: number; height: number; runs: Run[]; rulings: Ruling[] };

const BOLD_NAME = /bold|black|heavy|semibold|demi/i;
// a line at most this thick (points) is a ruling, a longer one at least this long
const RULE_THICKNESS = 2.5;
const RULE_MIN_LENGTH = 8;
// pdf.js's path paint operator for a clipping path (`n`): no visible line
const END_PATH = 28;

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

// Ruling lines from the operator list: stroked or filled paths whose box (under the current transform) is thin,
// and the four sides of a stroked rectangle. Stops after `limit` rulings.
export const rulingsOf = (ops: Operators, OPS: PageOps, view: number[], limit: number): Ruling[] => {
  const [x0 = 0, , , y1 = 0] = view;
  const rulings: Ruling[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const add = (horizontal: boolean, at: number, from: number, to: number) => {
    if (to - from >= RULE_MIN_LENGTH && rulings.length < limit) rulings.push({ horizontal, at, from, to });
  };
  for (let i = 0; i < ops.fnArray.length && rulings.length < limit; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(args as Matrix, ctm);
    else if (fn === OPS.constructPath && args) {
      const [paint, data, minMax] = args as [number, ArrayLike<number>[] | null, ArrayLike<number> | null];
      if (paint === END_PATH || !minMax || minMax.length < 4) continue;
      const [ax, ay] = apply(ctm, minMax[0] ?? 0, minMax[1] ?? 0);
      const [bx, by] = apply(ctm, minMax[2] ?? 0, minMax[3] ?? 0);
      const box: Box = {
        left: Math.min(ax, bx) - x0,
        right: Math.max(ax, bx) - x0,
        top: y1 - Math.max(ay, by),
        bottom: y1 - Math.min(ay, by),
      };
      const width = box.right - box.left;
      const height = box.bottom - box.top;
      if (height <= RULE_THICKNESS) add(true, (box.top + box.bottom) / 2, box.left, box.right);
      else if (width <= RULE_THICKNESS) add(false, (box.left + box.right) / 2, box.top, box.bottom);
      else if (paint !== OPS.fill && paint !== OPS.eoFill && (data?.[0]?.length ?? 99) <= 16) {
        // a stroked rectangle: a cell's border
        add(true, box.top, box.left, box.right);
        add(true, box.bottom, box.left, box.right);
        add(false, box.left, box.top, box.bottom);
        add(false, box.right, box.top, box.bottom);
      }
    }
  }
  return rulings;
};

const LIGATURES = /[\uFB00-\uFB06]/g;

// Ligatures spelled out, soft hyphens and zero-width characters dropped, odd blanks made plain.
export const normaliseText = (text: string) =>
  text
    .replace(LIGATURES, (char) => char.normalize("NFKC"))
    .replace(/[\u00AD\u200B-\u200D\uFEFF]/g, "")
    .replace(/[\u00A0\u2000-\u200A\u202F]/g, " ");

// The page's text items as runs (blanks dropped, positions from the top left). Rotated text keeps its origin.
export const runsOf = (items: TextItem[], view: number[], fonts: (name: string) => FontLike | undefined): Run[] => {
  const [x0 = 0, , , y1 = 0] = view;
  const bold = new Map<string, boolean>();
  const isBold = (name: string) => {
    let known = bold.get(name);
    if (known === undefined) {
      const font = fonts(name);
      known = Boolean(font?.bold || font?.black || BOLD_NAME.test(font?.name ?? ""));
      bold.set(name, known);
    }
    return known;
  };
  const runs: Run[] = [];
  for (const item of items) {
    const text = normaliseText(item.str ?? "");
    if (!text.trim()) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 1;
    const left = e - x0;
    const baseline = y1 - f;
    runs.push({
      text: text.trim() === text ? text : text.replace(/^\s+|\s+$/g, ""),
      box: { left, right: left + Math.max(item.width, 0), top: baseline - size * 0.75, bottom: baseline + size * 0.2 },
      baseline,
      size,
      bold: isBold(item.fontName),
    });
  }
  return runs;
};

// Runs joined into fragments: a row of runs on one baseline is cut where the gap to the next run is wider than
// `gapEm` times the font size (a column gutter or a table's column gap, never a word space).
export const fragmentsOf = (runs: Run[], gapEm = 0.9): Fragment[] => {
  const fragments: Fragment[] = [];
  for (const row of rowsOf(runs)) {
    let current: Run[] = [];
    const flush = () => {
      if (current.length === 0) return;
      const chars = current.reduce((sum, run) => sum + run.text.length, 0);
      const boldChars = current.reduce((sum, run) => sum + (run.bold ? run.text.length : 0), 0);
      fragments.push({
        text: joinRuns(current),
        box: {
          left: Math.min(...current.map((r) => r.box.left)),
          right: Math.max(...current.map((r) => r.box.right)),
          top: Math.min(...current.map((r) => r.box.top)),
          bottom: Math.max(...current.map((r) => r.box.bottom)),
        },
        baseline: current[0]?.baseline ?? 0,
        size: Math.max(...current.map((r) => r.size)),
        bold: boldChars >= chars * 0.9,
      });
      current = [];
    };
    let right = Number.NEGATIVE_INFINITY;
    for (const run of row) {
      if (current.length && run.box.left - right > run.size * gapEm) flush();
      current.push(run);
      right = Math.max(right, run.box.right);
    }
    flush();
  }
  return fragments;
};
