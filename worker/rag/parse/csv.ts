import Papa from "papaparse";
import { SHEET_MAX_CELLS } from "./limits";
import { tooManyCells } from "./sheet-bounds";
import { rowBlocks, sheetTable } from "./sheet-table";
import { decodeText } from "./text";
import type { ParsedDocument } from "./types";

// Papa Parse guesses the delimiter by parsing its first rows with each candidate; one 1 MB line full of quotes
// took seconds per candidate, so the guess looks at the file's start only (its whole lines, where it has any).
const GUESS_SAMPLE_CHARS = 64 * 1024;

const guessSample = (text: string) => {
  const start = text.slice(0, GUESS_SAMPLE_CHARS);
  const lastLineEnd = start.length < text.length ? start.lastIndexOf("\n") : -1;
  return lastLineEnd > 0 ? start.slice(0, lastLineEnd) : start;
};

// Delimiter is detected (comma, semicolon, tab); rows as in a spreadsheet (sheet-table.ts). At most
// SHEET_MAX_CELLS cells.
export const parseCsv = (bytes: Uint8Array, name: string): ParsedDocument => {
  const text = decodeText(bytes).trim();
  const { delimiter } = Papa.parse<string[]>(guessSample(text), { preview: 10 }).meta;
  const cells: string[][] = [];
  let count = 0;
  let cut = false;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: true,
    step: (result, parser) => {
      count += result.data.length;
      if (count > SHEET_MAX_CELLS) {
        cut = true;
        parser.abort();
        return;
      }
      cells.push(result.data.map((cell) => String(cell).trim()));
    },
  });
  const table = sheetTable(name, cells);
  return {
    blocks: rowBlocks(table),
    tables: [table],
    notes: cut ? [tooManyCells("CSV file")] : [],
  };
};
