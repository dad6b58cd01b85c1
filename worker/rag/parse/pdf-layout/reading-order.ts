import type { Box } from "./geometry";

type Atom = { box: Box };
type Interval = [number, number];

// deeper than this the cut stops and the region is read top to bottom (bounds the work on a hostile page)
const MAX_DEPTH = 24;

// The x-intervals at least `gap` wide that no atom covers, between the leftmost and the rightmost atom: where a
// column gutter can run.
const freeColumns = (atoms: Atom[], gap: number): Interval[] => {
  const free: Interval[] = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const atom of atoms.toSorted((a, b) => a.box.left - b.box.left)) {
    if (right > Number.NEGATIVE_INFINITY && atom.box.left - right >= gap) free.push([right, atom.box.left]);
    right = Math.max(right, atom.box.right);
  }
  return free;
};

// The parts of the intervals, at least `gap` wide, that none of the atoms covers.
const keepFree = (intervals: Interval[], atoms: Atom[], gap: number): Interval[] => {
  let pieces = intervals;
  for (const atom of atoms) {
    if (pieces.length === 0) break;
    pieces = pieces.flatMap(([from, to]): Interval[] =>
      atom.box.right <= from || atom.box.left >= to
        ? [[from, to]]
        : (
            [
              [from, atom.box.left],
              [atom.box.right, to],
            ] as Interval[]
          ).filter(([a, b]) => b - a >= gap),
    );
  }
  return pieces;
};

// Split at the vertical gutters: the atoms between consecutive gutters, left to right.
const splitColumns = <T extends Atom>(atoms: T[], gutters: Interval[]): T[][] => {
  const cuts = gutters.map(([from, to]) => (from + to) / 2).toSorted((a, b) => a - b);
  const columns: T[][] = cuts.map(() => []);
  columns.push([]);
  for (const atom of atoms) {
    const center = (atom.box.left + atom.box.right) / 2;
    let i = 0;
    while (i < cuts.length && center > (cuts[i] ?? 0)) i++;
    columns[i]?.push(atom);
  }
  return columns.filter((column) => column.length > 0);
};

// Horizontal bands: atoms grouped where no atom spans the white space between them, top to bottom.
const bands = <T extends Atom>(atoms: T[]): T[][] => {
  const out: T[][] = [];
  let bottom = Number.NEGATIVE_INFINITY;
  for (const atom of atoms.toSorted((a, b) => a.box.top - b.box.top)) {
    if (out.length === 0 || atom.box.top > bottom) out.push([]);
    out.at(-1)?.push(atom);
    bottom = Math.max(bottom, atom.box.bottom);
  }
  return out;
};

// Consecutive bands that share a gutter, each group one region (a multi-column region or a single band).
const bandGroups = <T extends Atom>(atoms: T[], gap: number): T[][] => {
  const groups: { atoms: T[]; free: Interval[] }[] = [];
  for (const band of bands(atoms)) {
    const last = groups.at(-1);
    // a band joins the multi-column region above while at least one of its gutters stays free in the band (a
    // band with text in one column only keeps them all)
    const shared = last ? keepFree(last.free, band, gap) : [];
    if (last && shared.length > 0) {
      last.atoms.push(...band);
      last.free = shared;
    } else groups.push({ atoms: [...band], free: freeColumns(band, gap) });
  }
  return groups.map((group) => group.atoms);
};

// Reading order by a recursive XY cut: a region splits first at gutters that run through all of it (columns,
// left to right), else into horizontal bands, consecutive bands that share a gutter read as one multi-column
// region. What cannot be cut is one leaf, read top to bottom by the caller.
export const readingOrder = <T extends Atom>(atoms: T[], gap: number, depth = 0): T[][] => {
  if (atoms.length <= 1 || depth >= MAX_DEPTH) return [atoms];
  const gutters = freeColumns(atoms, gap);
  if (gutters.length > 0) return splitColumns(atoms, gutters).flatMap((column) => readingOrder(column, gap, depth + 1));
  const groups = bandGroups(atoms, gap);
  if (groups.length <= 1) return [atoms];
  return groups.flatMap((group) => readingOrder(group, gap, depth + 1));
};

// The columns of the page's outermost column splits (not cut further): where a table set inside one column of
// a multi-column page is looked for, apart from the running text of the columns beside it.
export const columnRegions = <T extends Atom>(atoms: T[], gap: number, depth = 0): T[][] => {
  if (atoms.length <= 1 || depth >= MAX_DEPTH) return [];
  const gutters = freeColumns(atoms, gap);
  if (gutters.length > 0) return splitColumns(atoms, gutters);
  const groups = bandGroups(atoms, gap);
  if (groups.length <= 1) return [];
  return groups.flatMap((group) => columnRegions(group, gap, depth + 1));
};
