import { decodeEntities } from "../html-links";
import { closingTag, enclosed, removeEnclosed, TAG } from "./markup";
import { decodeText } from "./text";
import type { Block, ParsedDocument, Table } from "./types";

export const stripTags = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, "\n").replace(TAG, " "))
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();

const tableOf = (html: string, index: number): Table => {
  const rows = [...enclosed(html, /<tr/gi, () => /<\/tr>/gi)].map((row) =>
    [...enclosed(row.inner, /<t[hd][^<>]*>/gi, () => /<\/t[hd]>/gi)].map((cell) => stripTags(cell.inner)),
  );
  const [headers = [], ...body] = rows;
  return { name: `Table ${index + 1}`, headers, rows: body };
};

export const tableToText = (table: Table) =>
  table.rows
    .map((row) =>
      row
        .map((cell, i) => (table.headers[i] ? `${table.headers[i]}: ${cell}` : cell))
        .filter(Boolean)
        .join("; "),
    )
    .join("\n");

// The blocks: a heading, a table, or a text element, each up to its closing tag.
const BLOCK_OPENING = /<h([1-6])\b[^<>]*>|<table\b|<(p|li|pre|blockquote|dd|dt|figcaption|caption)\b[^<>]*>/gi;
const blockClosing = (open: RegExpExecArray) =>
  open[1] ? closingTag(`h${open[1]}`) : open[2] ? closingTag(open[2]) : /<\/table>/gi;

// Headings, paragraphs, list items and tables in document order; scripts, styles and navigation dropped.
export const parseHtmlString = (html: string): ParsedDocument => {
  const withoutComments = removeEnclosed(html, /<!--/g, () => /-->/g);
  const withoutScripts = removeEnclosed(
    withoutComments,
    /<(script|style|noscript|svg|nav|footer|template)\b/gi,
    (open) => closingTag(open[1] ?? ""),
  );
  const cleaned = removeEnclosed(withoutScripts, /<head\b/gi, () => /<\/head>/gi, { once: true });
  const blocks: Block[] = [];
  const tables: Table[] = [];
  let last = 0;
  const pushLoose = (fragment: string) => {
    const text = stripTags(fragment);
    if (text) blocks.push({ kind: "text", text });
  };
  for (const match of enclosed(cleaned, BLOCK_OPENING, blockClosing)) {
    pushLoose(cleaned.slice(last, match.index));
    last = match.end;
    if (match.opening[1]) {
      const text = stripTags(match.inner);
      if (text) blocks.push({ kind: "heading", level: Number(match.opening[1]), text });
    } else if (!match.opening[2]) {
      const table = tableOf(cleaned.slice(match.index, match.end), tables.length);
      tables.push(table);
      const text = tableToText(table);
      if (text) blocks.push({ kind: "table", text });
    } else {
      const text = stripTags(match.inner);
      if (text) blocks.push({ kind: "text", text });
    }
  }
  pushLoose(cleaned.slice(last));
  return { blocks, tables };
};

export const parseHtml = (bytes: Uint8Array) => parseHtmlString(decodeText(bytes));
