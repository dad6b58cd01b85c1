import { decodeEntities } from "../html-links";
import { enclosed } from "./markup";
import type { Block, Table } from "./types";

// One slide's XML (or its notes page's) as blocks: the title, each text shape's paragraphs (bulleted and numbered
// ones as list lines, as Word lists are read), each table as RAGFlow's HTML table.

const attribute = (xml: string, name: string) =>
  decodeEntities(new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? "");

const TITLE = new Set(["title", "ctrTitle"]);
// date, footer and slide number repeat on every slide; the notes page's picture of the slide holds no text
const LEFT_OUT = new Set(["dt", "ftr", "sldNum", "hdr", "sldImg"]);
// placeholders whose paragraphs the layout bullets unless a paragraph says <a:buNone/>
const BULLETED = new Set(["body", "obj", ""]);

// A paragraph's text: its runs and fields (<a:t>), a line break (<a:br/>) as a space.
const paragraphText = (xml: string) =>
  [...xml.matchAll(/<a:t(?:\s[^<>]*)?>([^<]*)<\/a:t>|<a:br\b[^<>]*>/g)]
    .map((match) => (match[1] === undefined ? " " : decodeEntities(match[1])))
    .join("")
    .replace(/\s+/g, " ")
    .trim();

// The shape's paragraphs as lines: "- " before a bullet, "1. " before a number, two spaces more per level.
const shapeLines = (txBody: string, bulleted: boolean) => {
  const counters: number[] = [];
  return [...enclosed(txBody, /<a:p>/g, () => /<\/a:p>/g)].flatMap(({ inner }) => {
    const text = paragraphText(inner);
    if (!text) return [];
    const properties = /<a:pPr\b[^<>]*>/.exec(inner)?.[0] ?? "";
    const level = Number(attribute(properties, "lvl") || 0);
    const numbered = /<a:buAutoNum\b/.test(inner);
    const bullet = !/<a:buNone\b/.test(inner) && (bulleted || numbered || /<a:buChar\b/.test(inner));
    counters.length = level + 1;
    counters[level] = numbered ? (counters[level] ?? 0) + 1 : 0;
    if (!bullet) return [text];
    return [`${"  ".repeat(level)}${numbered ? `${counters[level]}.` : "-"} ${text}`];
  });
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// A table: the first row as header (<th>), as Word tables without marked header rows; a merged cell keeps its
// colspan/rowspan and the cells it covers (hMerge, vMerge) are left out.
const tableOf = (xml: string, name: string) => {
  const rows = [...enclosed(xml, /<a:tr\b[^<>]*>/g, () => /<\/a:tr>/g)].map(({ inner }) =>
    [...enclosed(inner, /<a:tc\b[^<>]*>/g, () => /<\/a:tc>/g)]
      .filter(({ opening }) => !/\b[hv]Merge="(?:1|true)"/.test(opening[0]))
      .map(({ opening, inner: cell }) => ({
        text: shapeLines(cell, false).join(" "),
        spans: (["gridSpan", "rowSpan"] as const)
          .map(
            (span) => [span === "gridSpan" ? "colspan" : "rowspan", Number(attribute(opening[0], span) || 1)] as const,
          )
          .filter(([, count]) => count > 1),
      })),
  );
  const html = rows
    .map((cells, r) => {
      const tag = r === 0 ? "th" : "td";
      const row = cells.map(
        ({ text, spans }) =>
          `<${tag}${spans.map(([span, count]) => ` ${span}="${count}"`).join("")}>${escapeHtml(text)}</${tag}>`,
      );
      return `<tr>${row.join("")}</tr>`;
    })
    .join("");
  const texts = rows.map((cells) => cells.map((cell) => cell.text));
  const table: Table = { name, headers: texts[0] ?? [], rows: texts.slice(1) };
  return { table, html: `<table>${html}</table>` };
};

type Slide = { title: Block[]; body: Block[]; tables: Table[] };

// Shapes (<p:sp>, in groups too) and tables (<p:graphicFrame>) in the slide's order; the title first.
export const slideBlocks = (xml: string, page: number, tablesBefore: number): Slide => {
  const slide: Slide = { title: [], body: [], tables: [] };
  for (const { opening, inner } of enclosed(xml, /<p:(sp|graphicFrame)\b[^<>]*>/g, (open) =>
    open[1] === "sp" ? /<\/p:sp>/g : /<\/p:graphicFrame>/g,
  )) {
    if (opening[1] === "graphicFrame") {
      const table = [...enclosed(inner, /<a:tbl>/g, () => /<\/a:tbl>/g)][0];
      if (!table) continue;
      const { table: rows, html } = tableOf(
        table.inner,
        `Slide ${page} table ${tablesBefore + slide.tables.length + 1}`,
      );
      if (!rows.headers.some(Boolean) && !rows.rows.length) continue;
      slide.tables.push({ ...rows, page });
      slide.body.push({ kind: "table", page, text: html });
      continue;
    }
    const placeholder = /<p:ph\b[^<>]*>/.exec(inner)?.[0];
    const type = placeholder === undefined ? undefined : attribute(placeholder, "type");
    if (type !== undefined && LEFT_OUT.has(type)) continue;
    const lines = shapeLines(inner, type !== undefined && BULLETED.has(type));
    if (!lines.length) continue;
    if (type !== undefined && TITLE.has(type))
      slide.title.push({ kind: "heading", level: 1, page, text: lines.join(" ") });
    else slide.body.push({ kind: "text", page, text: lines.join("\n") });
  }
  return slide;
};

// A notes page's text: its body placeholder (what the presenter wrote), the slide's picture and number left out.
export const notesText = (xml: string) =>
  [...enclosed(xml, /<p:sp\b[^<>]*>/g, () => /<\/p:sp>/g)]
    .filter(({ inner }) => attribute(/<p:ph\b[^<>]*>/.exec(inner)?.[0] ?? "", "type") === "body")
    .map(({ inner }) => shapeLines(inner, false).join("\n"))
    .filter(Boolean)
    .join("\n");
