import { JSON_MAX_DEPTH } from "./limits";
import { decodeText } from "./text";
import type { Block, ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

// The deepest nesting of arrays and objects in the text (brackets inside strings not counted), in one pass and
// without parsing: flattening recurses once per level. JSON Lines start again at each line.
const nestingDepth = (text: string, lines: boolean) => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) deepest = Math.max(deepest, ++depth);
    else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
    else if (code === NEWLINE && lines) depth = 0;
  }
  return deepest;
};

const flatten = (value: unknown, prefix = ""): string[] => {
  if (value === null || typeof value !== "object") return [`${prefix ? `${prefix}: ` : ""}${String(value)}`];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
};

// Arrays of records become one block per record; other JSON becomes "path: value" lines. Nesting deeper than
// JSON_MAX_DEPTH is refused before parsing.
export const parseJson = (bytes: Uint8Array, lines: boolean): ParsedDocument => {
  const text = decodeText(bytes);
  if (nestingDepth(text, lines) > JSON_MAX_DEPTH)
    throw new UnreadableDocumentError(
      `The JSON is nested more than ${JSON_MAX_DEPTH} levels deep; Buddy does not read files like this.`,
    );
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
