import { parseHtmlString, stripTags } from "./html";
import type { Block, ParsedDocument, Table } from "./types";

// Heading styles mammoth does not map itself: German Word's names and levels 7–9 (as deep as HTML goes).
export const DOCX_STYLE_MAP = Array.from({ length: 9 }, (_, i) => {
  const tag = `h${Math.min(i + 1, 6)}`;
  return [`p[style-name='Überschrift ${i + 1}'] => ${tag}:fresh`, `p[style-name='heading ${i + 1}'] => ${tag}:fresh`];
}).flat();

// The elements whose structure is kept; everything else stays markup inside them.
type Node = { tag: string; attributes: string; children: (Node | string)[] };
const STRUCTURE = /<(\/?)(table|tr|th|td|ul|ol|li)\b([^<>]*)>/gi;

// mammoth's HTML as a tree of tables and lists, in one pass; a closing tag without its opening is dropped.
const treeOf = (html: string): Node => {
  const root: Node = { tag: "", attributes: "", children: [] };
  const open = [root];
  let last = 0;
  for (const match of html.matchAll(STRUCTURE)) {
    const current = open.at(-1) ?? root;
    if (match.index > last) current.children.push(html.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = (match[2] ?? "").toLowerCase();
    if (!match[1]) {
      const node: Node = { tag, attributes: match[3] ?? "", children: [] };
      current.children.push(node);
      open.push(node);
    } else {
      const at = open.findLastIndex((node) => node.tag === tag);
      if (at > 0) open.length = at;
    }
  }
  (open.at(-1) ?? root).children.push(html.slice(last));
  return root;
};

const markupOf = (node: Node | string): string =>
  typeof node === "string"
    ? node
    : `<${node.tag}${node.attributes}>${node.children.map(markupOf).join("")}</${node.tag}>`;
const textOf = (node: Node) => stripTags(node.children.map(markupOf).join(" "));
const childrenTagged = (node: Node, tags: string[]) =>
  node.children.filter((child): child is Node => typeof child !== "string" && tags.includes(child.tag));

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const SPAN = /\b(colspan|rowspan)\s*=\s*"?(\d+)/gi;

// A Word table as RAGFlow's HTML table: the rows Word repeats as header (mammoth's <th>), else the first row,
// in <th>; merged cells keep their colspan and rowspan.
const tableOf = (node: Node, index: number) => {
  const rows = childrenTagged(node, ["tr"]).map((row) => childrenTagged(row, ["th", "td"]));
  const marked = rows.findIndex((cells) => !cells.every((cell) => cell.tag === "th"));
  const headerRows = marked > 0 ? marked : marked < 0 ? rows.length : 1;
  const html = rows
    .map((cells, r) => {
      const tag = r < headerRows ? "th" : "td";
      const row = cells.map((cell) => {
        const spans = [...cell.attributes.matchAll(SPAN)]
          .filter((span) => Number(span[2]) > 1)
          .map((span) => ` ${(span[1] ?? "").toLowerCase()}="${span[2]}"`);
        return `<${tag}${spans.join("")}>${escapeHtml(textOf(cell))}</${tag}>`;
      });
      return `<tr>${row.join("")}</tr>`;
    })
    .join("");
  const texts = rows.map((cells) => cells.map(textOf));
  const table: Table = {
    name: `Table ${index + 1}`,
    headers: texts[headerRows - 1] ?? [],
    rows: texts.slice(headerRows),
  };
  return { table, html: `<table>${html}</table>` };
};

// A list as lines: "- " for bullets, "1. " for numbers, two spaces deeper for each nested list.
const listLines = (node: Node, depth = 0): string[] =>
  childrenTagged(node, ["li"]).flatMap((item, i) => {
    const own = item.children.filter((child) => typeof child === "string" || !["ul", "ol"].includes(child.tag));
    const text = stripTags(own.map(markupOf).join(" ")).replace(/\s*\n\s*/g, " ");
    const marker = node.tag === "ol" ? `${i + 1}.` : "-";
    const nested = childrenTagged(item, ["ul", "ol"]).flatMap((list) => listLines(list, depth + 1));
    return [...(text ? [`${"  ".repeat(depth)}${marker} ${text}`] : []), ...nested];
  });

// mammoth's HTML of a Word file: headings and paragraphs as the HTML reader reads them; each table one block of
// HTML, each list one block of lines.
export const parseDocxHtml = (html: string): ParsedDocument => {
  const blocks: Block[] = [];
  const tables: Table[] = [];
  let loose: string[] = [];
  const flush = () => {
    if (loose.length) blocks.push(...parseHtmlString(loose.join("")).blocks);
    loose = [];
  };
  for (const child of treeOf(html).children) {
    if (typeof child === "string" || !["table", "ul", "ol"].includes(child.tag)) {
      loose.push(markupOf(child));
      continue;
    }
    flush();
    if (child.tag === "table") {
      const { table, html: tableHtml } = tableOf(child, tables.length);
      if (table.headers.some(Boolean) || table.rows.length) {
        tables.push(table);
        blocks.push({ kind: "table", text: tableHtml });
      }
    } else {
      const lines = listLines(child);
      if (lines.length) blocks.push({ kind: "text", text: lines.join("\n") });
    }
  }
  flush();
  return { blocks, tables };
};
