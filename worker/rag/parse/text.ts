import { splitFrontMatter } from "./front-matter";
import type { Block, ParsedDocument } from "./types";

// Windows-1252 and Latin-1 agree on every letter German needs (ä ö ü ß and accents).
const latin1 = (bytes: Uint8Array) => {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
};

// UTF-8 unless a BOM says UTF-16; bytes that are not valid UTF-8 are read as Windows-1252 (old German files).
export const decodeText = (bytes: Uint8Array): string => {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return latin1(bytes);
  }
};

// `s`: a line may hold U+2028, where `.*$` would fail and backtrack through every space before it.
const HEADING = /^(#{1,6})\s+(.*)$/s;

// Markdown and plain text: headings become heading blocks, blank lines separate paragraphs. Markdown's YAML
// front matter is metadata, not text: it is dropped, its title kept as the first heading unless one says it.
export const parseText = (bytes: Uint8Array, markdown = false): ParsedDocument => {
  const lines = decodeText(bytes).replace(/\r\n?/g, "\n").split("\n");
  const { title, body } = markdown ? splitFrontMatter(lines) : { title: "", body: lines };
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join("\n").trim();
    if (text) blocks.push({ kind: "text", text });
    paragraph = [];
  };
  for (const line of body) {
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]?.length ?? 1, text: (heading[2] ?? "").trim() });
    } else if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  if (title && blocks[0]?.text !== title) blocks.unshift({ kind: "heading", level: 1, text: title });
  return { blocks };
};
