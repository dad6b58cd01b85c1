import * as XLSX from "xlsx";
import { tableToText } from "./html";
import type { Block, ParsedDocument, Table } from "./types";
import { UnreadableDocumentError } from "./types";

export const EXCEL_HTML_MAX_ROWS = 256;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// RAGFlow's Excel-to-HTML: each table of at most 256 rows, header repeated.
export const tableToHtmlChunks = (table: Table): string[] => {
  const header = `<tr>${table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr>`;
  const chunks: string[] = [];
  for (let i = 0; i < table.rows.length; i += EXCEL_HTML_MAX_ROWS) {
    const body = table.rows
      .slice(i, i + EXCEL_HTML_MAX_ROWS)
      .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`)
      .join("");
    chunks.push(`<table><caption>${escapeHtml(table.name)}</caption>${header}${body}</table>`);
  }
  return chunks;
};

export const parseXlsx = (bytes: Uint8Array, html4excel: boolean): ParsedDocument => {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: "array", cellDates: true });
  } catch (error) {
    throw new UnreadableDocumentError(`The spreadsheet cannot be read: ${(error as Error).message}`);
  }
  const tables: Table[] = workbook.SheetNames.map((sheetName) => {
    const sheet = workbook.Sheets[sheetName];
    const rows = sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "" }) : [];
    const cells = rows.map((row) => row.map((cell) => String(cell ?? "").trim())).filter((row) => row.some(Boolean));
    const [headers = [], ...body] = cells;
    return { name: sheetName, headers, rows: body };
  });
  const blocks: Block[] = tables.flatMap((table): Block[] =>
    html4excel
      ? tableToHtmlChunks(table).map((text) => ({ kind: "table" as const, text }))
      : table.rows.map((row) => ({
          kind: "text" as const,
          text: `${table.name}: ${tableToText({ ...table, rows: [row] })}`,
        })),
  );
  return { blocks, tables };
};
