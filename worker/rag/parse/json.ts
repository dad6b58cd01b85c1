import { decodeText } from "./text";
import type { Block, ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

const flatten = (value: unknown, prefix = ""): string[] => {
  if (value === null || typeof value !== "object") return [`${prefix ? `${prefix}: ` : ""}${String(value)}`];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
};

// Arrays of records become one block per record; other JSON becomes "path: value" lines.
export const parseJson = (bytes: Uint8Array, lines: boolean): ParsedDocument => {
  const text = decodeText(bytes);
  let records: unknown[];
  try {
    records = lines
      ? text
          .split(/\r?\n/)
          .filter((line) => line.trim())
          .map((line) => JSON.parse(line) as unknown)
      : [JSON.parse(text) as unknown];
  } catch (error) {
    throw new UnreadableDocumentError(`The JSON is not valid: ${(error as Error).message}`);
  }
  const top = records.length === 1 && Array.isArray(records[0]) ? (records[0] as unknown[]) : records;
  const blocks: Block[] = top.map((record) => ({ kind: "text", text: flatten(record).join("\n") }));
  return { blocks: blocks.filter((block) => block.text.trim()) };
};
