import { loadChunk } from "../../lib/load-chunk";
import { decodeText } from "./decode-text";

export type Sheet = { name: string; rows: string[][] };

const asText = (cell: unknown) => (cell === null || cell === undefined ? "" : String(cell));

export const readWorkbook = async (blob: Blob): Promise<Sheet[]> => {
  const XLSX = await loadChunk(() => import("xlsx"));
  const workbook = XLSX.read(await blob.arrayBuffer(), { type: "array" });
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name];
    const rows = sheet
      ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: false })
      : [];
    return { name, rows: rows.map((row) => row.map(asText)) };
  });
};

// CSV with its delimiter detected (comma, semicolon, …); TSV split at tabs.
const readDelimited = async (blob: Blob, delimiter: string): Promise<Sheet[]> => {
  const { default: Papa } = await loadChunk(() => import("papaparse"));
  const text = decodeText(new Uint8Array(await blob.arrayBuffer()));
  const { data } = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true });
  return [{ name: "", rows: data.map((row) => row.map(asText)) }];
};

export const readCsv = (blob: Blob) => readDelimited(blob, "");
export const readTsv = (blob: Blob) => readDelimited(blob, "\t");
