import * as XLSX from "xlsx";
import { SHEET_MAX_CELLS } from "./limits";

export const tooManyCells = (what: string) =>
  `The ${what} has more than ${SHEET_MAX_CELLS.toLocaleString("en")} cells: only the first ` +
  `${SHEET_MAX_CELLS.toLocaleString("en")} were read, the rows after them left out.`;

const CELL_OR_ROW_END = /<(?:\w+:)?c[\s/>]|<\/(?:\w+:)?row>/g;
const SHEET_DATA = /<(\w+:)?sheetData\b[^<>]*>/;
const DIMENSION = /<(?:\w+:)?dimension\b[^<>]*>/;

// A worksheet's XML with at most `maxCells` cell elements: cut after the last whole row that fits (what follows
// the rows, merged cells and the like, is dropped with them). Its <dimension> goes too: SheetJS takes the used
// range from it, so a declared A1:XFD1048576 would make 17 billion empty cells; without it the range is that of
// the cells present.
export const boundSheetXml = (xml: string, maxCells: number) => {
  const withoutDimension = xml.replace(DIMENSION, "");
  const data = SHEET_DATA.exec(withoutDimension);
  if (!data) return { xml: withoutDimension, cells: 0, cut: false };
  CELL_OR_ROW_END.lastIndex = data.index + data[0].length;
  let cells = 0;
  let keptEnd = CELL_OR_ROW_END.lastIndex;
  let keptCells = 0;
  for (let match = CELL_OR_ROW_END.exec(withoutDimension); match; match = CELL_OR_ROW_END.exec(withoutDimension)) {
    if (match[0][1] !== "/") cells++;
    if (cells > maxCells) {
      const prefix = data[1] ?? "";
      const cutXml = `${withoutDimension.slice(0, keptEnd)}</${prefix}sheetData></${prefix}worksheet>`;
      return { xml: cutXml, cells: keptCells, cut: true };
    }
    if (match[0][1] === "/") {
      keptEnd = match.index + match[0].length;
      keptCells = cells;
    }
  }
  return { xml: withoutDimension, cells, cut: false };
};

// The sheet's range cut to at most `maxCells` rows × columns (whole rows), or null when not one row fits.
export const boundRange = (sheet: XLSX.WorkSheet, maxCells: number) => {
  const ref = sheet["!ref"];
  if (!ref) return { range: null, cells: 0, cut: false };
  const range = XLSX.utils.decode_range(ref);
  const columns = range.e.c - range.s.c + 1;
  const rows = range.e.r - range.s.r + 1;
  const keptRows = Math.min(rows, Math.floor(maxCells / columns));
  if (keptRows < 1) return { range: null, cells: 0, cut: true };
  range.e.r = range.s.r + keptRows - 1;
  return { range: XLSX.utils.encode_range(range), cells: keptRows * columns, cut: keptRows < rows };
};
