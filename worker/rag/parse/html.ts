import { decodeEntities } from "../html-links";
import { decodeText } from "./text";
import type { Block, ParsedDocument, Table } from "./types";

const stripTags = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]+>/g, " "))
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();

const tableOf = (html: string, index: number): Table => {
  const rows = [...html.matchAll(/<tr[\s\S]*?<\/tr>/gi)].map((row) =>
    [...row[0].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((cell) => stripTags(cell[1] ?? "")),
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

// Headings, paragraphs, list items and tables in document order; scripts, styles and navigation dropped.
export const parseHtmlString = (html: string): ParsedDocument => {
  const cleaned = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|noscript|svg|nav|footer|template)[\s\S]*?<\/\1>/gi, "")
    .replace(/<head[\s\S]*?<\/head>/i, "");
  const blocks: Block[] = [];
  const tables: Table[] = [];
  const pattern =
    /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>|<table[\s\S]*?<\/table>|<(p|li|pre|blockquote|dd|dt|figcaption|caption)[^>]*>([\s\S]*?)<\/\3>/gi;
  let last = 0;
  const pushLoose = (fragment: string) => {
    const text = stripTags(fragment);
    if (text) blocks.push({ kind: "text", text });
  };
  for (const match of cleaned.matchAll(pattern)) {
    pushLoose(cleaned.slice(last, match.index));
    last = (match.index ?? 0) + match[0].length;
    if (match[1]) {
      const text = stripTags(match[2] ?? "");
      if (text) blocks.push({ kind: "heading", level: Number(match[1]), text });
    } else if (match[0].toLowerCase().startsWith("<table")) {
      const table = tableOf(match[0], tables.length);
      tables.push(table);
      const text = tableToText(table);
      if (text) blocks.push({ kind: "table", text });
    } else {
      const text = stripTags(match[4] ?? "");
      if (text) blocks.push({ kind: "text", text });
    }
  }
  pushLoose(cleaned.slice(last));
  return { blocks, tables };
};

export const parseHtml = (bytes: Uint8Array) => parseHtmlString(decodeText(bytes));
