import * as XLSX from "xlsx";
import { strFromU8, strToU8 } from "fflate";
import { nextTurn } from "../../lib/time";
import { SHEET_MAX_CELLS } from "./limits";
import { boundRange, boundSheetXml, tooManyCells } from "./sheet-bounds";
import { fillMerges } from "./sheet-merges";
import { rowBlocks, sheetTable } from "./sheet-table";
import type { Block, ParsedDocument, Table } from "./types";
import { UnreadableDocumentError } from "./types";
import { isZip, storedZip, unzipBounded } from "./zip";

export const EXCEL_HTML_MAX_ROWS = 256;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// RAGFlow's Excel-to-HTML: each table of at most 256 rows, header repeated.
export const tableToHtmlChunks = (table: Table): string[] => {
  const header = table.headers.length
    ? `<tr>${table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr>`
    : "";
  const chunks: string[] = [];
  for (let i = 0; i < table.rows.length; i += EXCEL_HTML_MAX_ROWS) {
    const body = table.rows
      .slice(i, i + EXCEL_HTML_MAX_ROWS)
      .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`)
      .join("");
    chunks.push(`<table><caption>${escapeHtml(table.title ?? table.name)}</caption>${header}${body}</table>`);
  }
  return chunks;
};

// pictures, embedded files and printer settings carry no cell text
const UNREAD = /^xl\/(?:media|embeddings|printerSettings)\//;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

// An XLSX unpacked within the zip bounds, its worksheets within SHEET_MAX_CELLS cell elements together, packed
// again for SheetJS (which would otherwise inflate everything itself, and cannot read zip64).
const boundedWorkbook = (bytes: Uint8Array) => {
  const files = unzipBounded(bytes, (name) => !UNREAD.test(name));
  const sheets = Object.keys(files)
    .filter((name) => WORKSHEET.test(name))
    .toSorted((a, b) => a.localeCompare(b, "en", { numeric: true }));
  let left = SHEET_MAX_CELLS;
  let cut = false;
  for (const name of sheets) {
    const bounded = boundSheetXml(strFromU8(files[name] ?? new Uint8Array()), left);
    files[name] = strToU8(bounded.xml);
    left -= bounded.cells;
    cut ||= bounded.cut;
  }
  return { zip: storedZip(files), cut };
};

const readWorkbook = async (bytes: Uint8Array) => {
  try {
    if (!isZip(bytes))
      return { workbook: XLSX.read(bytes, { type: "array", cellDates: true, dense: true }), cut: false };
    const { zip, cut } = boundedWorkbook(bytes);
    await nextTurn();
    return { workbook: XLSX.read(zip, { type: "array", cellDates: true, dense: true }), cut };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(`The spreadsheet cannot be read: ${(error as Error).message}`);
  }
};

// Every sheet as a table (title rows, then the header; merged cells filled; empty rows dropped), within
// SHEET_MAX_CELLS cells together.
export const parseXlsx = async (bytes: Uint8Array, html4excel: boolean): Promise<ParsedDocument> => {
  const { workbook, cut } = await readWorkbook(bytes);
  await nextTurn();
  let left = SHEET_MAX_CELLS;
  let truncated = cut;
  const tables: Table[] = workbook.SheetNames.map((sheetName) => {
    const sheet = workbook.Sheets[sheetName];
    const bounded = sheet ? boundRange(sheet, left) : { range: null, cells: 0, cut: false };
    left -= bounded.cells;
    truncated ||= bounded.cut;
    if (!sheet || !bounded.range) return sheetTable(sheetName, []);
    const rows = XLSX.utils
      .sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", range: bounded.range, blankrows: true })
      .map((row) => row.map((cell) => String(cell ?? "").trim()));
    const spanning = fillMerges(rows, sheet["!merges"] ?? [], XLSX.utils.decode_range(bounded.range));
    return sheetTable(sheetName, rows, spanning);
  });
  const blocks: Block[] = tables.flatMap((table): Block[] =>
    html4excel
      ? tableToHtmlChunks(table).map((text) => ({ kind: "table" as const, text }))
      : rowBlocks(table, table.name),
  );
  return { blocks, tables, notes: truncated ? [tooManyCells("spreadsheet")] : [] };
};
