import type { Block, Table } from "./types";

// Names a spreadsheet program gives new sheets ("Sheet1", "Tabelle1" …): they say nothing about the rows.
const DEFAULT_SHEET_NAME = /^(?:sheet|tabelle|blatt|feuil|hoja|foglio|planilha|arkusz)\s*\d*$/i;

const filledCells = (row: string[]) => row.filter(Boolean).length;

// A spreadsheet's or CSV file's rows (cells trimmed) as a table. Leading rows with a single filled cell above a
// row with more are its title ("Stanley Cups" over "Team | Location | Stanley Cups"), not its header; the first
// row after them is the header.
export const sheetTable = (name: string, cells: string[][]): Table => {
  const rows = cells.filter((row) => row.some(Boolean));
  let start = 0;
  while (start + 1 < rows.length && filledCells(rows[start] ?? []) === 1 && filledCells(rows[start + 1] ?? []) > 1)
    start++;
  const title = rows
    .slice(0, start)
    .map((row) => row.find(Boolean) ?? "")
    .join(" – ");
  const [headers = [], ...body] = rows.slice(start);
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
