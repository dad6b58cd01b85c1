import type { Block, Table } from "./types";

// Names a spreadsheet program gives new sheets ("Sheet1", "Tabelle1" …): they say nothing about the rows.
const DEFAULT_SHEET_NAME = /^(?:sheet|tabelle|blatt|feuil|hoja|foglio|planilha|arkusz)\s*\d*$/i;

// distinct values: a title merged across columns is one value in each of them
const filledValues = (row: string[]) => new Set(row.filter(Boolean)).size;
const NUMBER = /^[-+]?[\d.,\s]+%?$/;
const YEAR = /^(19|20)\d\d$/;

// A first row of numbers only is data, not a header: a header names its columns with words (or years).
const isDataRow = (row: string[]) => {
  const filled = row.filter(Boolean);
  return filled.length > 0 && filled.every((cell) => NUMBER.test(cell) && !YEAR.test(cell.trim()));
};

// A spreadsheet's or CSV file's rows (cells trimmed) as a table. Leading rows with a single filled value above a
// row with more are its title ("Stanley Cups" over "Team | Location | Stanley Cups"), not its header; the first
// row after them is the header, unless it holds numbers only (then the table has no header). A header row with cells merged across columns (`spanning`, indices into `cells`)
// groups the row below when that row holds no numbers: "Kontakt" over "Telefon" and "E-Mail" gives the columns
// "Kontakt Telefon" and "Kontakt E-Mail".
export const sheetTable = (name: string, cells: string[][], spanning = new Set<number>()): Table => {
  const rows = cells.flatMap((row, i) => (row.some(Boolean) ? [{ row, spans: spanning.has(i) }] : []));
  let start = 0;
  while (
    start + 1 < rows.length &&
    filledValues(rows[start]?.row ?? []) === 1 &&
    filledValues(rows[start + 1]?.row ?? []) > 1
  )
    start++;
  const title = rows
    .slice(0, start)
    .map(({ row }) => row.find(Boolean) ?? "")
    .join(" – ");
  const [top = { row: [], spans: false }, ...rest] = rows.slice(start);
  const sub = rest[0]?.row;
  const grouped = top.spans && sub !== undefined && !sub.some((cell) => NUMBER.test(cell));
  const headers = grouped
    ? top.row.map((group, i) => {
        const column = sub[i] ?? "";
        return group && column && group !== column ? `${group} ${column}` : column || group;
      })
    : top.row;
  const body = (grouped ? rest.slice(1) : rest).map(({ row }) => row);
  if (rows.length > start && isDataRow(top.row))
    return { name, headers: [], rows: [top.row, ...body], ...(title ? { title } : {}) };
  return { name, headers, rows: body, ...(title ? { title } : {}) };
};

// What a row is about beyond its own cells: the table's title, else the name a person gave its sheet (a CSV
// file has none).
export const tableContext = (table: Table, sheetName = "") =>
  table.title ?? (DEFAULT_SHEET_NAME.test(sheetName) ? "" : sheetName);

// One row as RAGFlow writes it: "header: value" for each filled cell, joined by "; ", and the context after
// " ——" (RAGFlow appends the sheet name so).
const rowText = (table: Table, row: string[], context: string) => {
  const fields = row
    .map((cell, i) => (cell && table.headers[i] ? `${table.headers[i]}: ${cell}` : cell))
    .filter(Boolean)
    .join("; ");
  return context ? `${fields} ——${context}` : fields;
};

// The same rules for XLSX and CSV: one text block per row.
export const rowBlocks = (table: Table, sheetName = ""): Block[] => {
  const context = tableContext(table, sheetName);
  return table.rows.map((row) => ({ kind: "text" as const, text: rowText(table, row, context) }));
};
