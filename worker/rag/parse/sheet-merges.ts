import type * as XLSX from "xlsx";
import { SHEET_MAX_CELLS } from "./limits";

// A merged area keeps its value in its top-left cell only; a reader sees it in every cell ("Nord" merged down
// three rows is the region of all three). Each cell of each area within `range` gets the value, at most
// SHEET_MAX_CELLS cells in all. Returns the indices of `rows` where an area spans columns (a grouped header).
export const fillMerges = (rows: string[][], merges: XLSX.Range[], range: XLSX.Range) => {
  const spanning = new Set<number>();
  const width = range.e.c - range.s.c + 1;
  let budget = SHEET_MAX_CELLS;
  for (const merge of merges) {
    const top = merge.s.r - range.s.r;
    const left = merge.s.c - range.s.c;
    const value = rows[top]?.[left];
    if (!value) continue;
    if (merge.e.c > merge.s.c) spanning.add(top);
    const bottom = Math.min(merge.e.r - range.s.r, rows.length - 1);
    const right = Math.min(merge.e.c - range.s.c, width - 1);
    for (let r = top; r <= bottom && budget > 0; r++) {
      const row = rows[r] ?? [];
      for (let c = left; c <= right && budget > 0; c++, budget--) row[c] = value;
    }
  }
  return spanning;
};
