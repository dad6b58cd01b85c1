import Papa from "papaparse";
import { tableToText } from "./html";
import { decodeText } from "./text";
import type { ParsedDocument, Table } from "./types";

// Delimiter is detected (comma, semicolon, tab); the first row is the header.
export const parseCsv = (bytes: Uint8Array, name: string): ParsedDocument => {
  const result = Papa.parse<string[]>(decodeText(bytes).trim(), { skipEmptyLines: true });
  const [headers = [], ...rows] = result.data.map((row) => row.map((cell) => String(cell).trim()));
  const table: Table = { name, headers, rows };
  return {
    blocks: rows.map((row) => ({ kind: "text" as const, text: tableToText({ ...table, rows: [row] }) })),
    tables: [table],
  };
};
