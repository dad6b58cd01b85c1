import type { Block, ParsedDocument, Table } from "../parse/types";
import { placesOf } from "./positions";
import type { ChunkDraft } from "./types";

const KNOWN_HEADER = /^(q|question|questions|frage|fragen|content|inhalt|text)$/i;

// Q&A and tag sheets often have no header row (RAGFlow expects none): a first row that is not a known header is data.
const allRows = (table: Table) =>
  table.headers.length && !KNOWN_HEADER.test(table.headers[0] ?? "") ? [table.headers, ...table.rows] : table.rows;

// A Q&A chunk's text, as RAGFlow writes it.
export const qaContent = (question: string, answer: string) => `Question: ${question}\tAnswer: ${answer}`;

const QA_PREFIX = /^(?:question|answer|frage|antwort|user|assistant|q|a|f|问题|答案|回答|问|答)[\t:： ]+/i;
const withoutPrefix = (text: string) => text.trim().replace(QA_PREFIX, "").trim();

// An edited Q&A chunk is split again as RAGFlow does: the first line (or tab-separated part) is the question,
// the rest the answer, each without a "Question:"/"Answer:" label.
export const splitQaContent = (text: string) => {
  const [first = "", ...rest] = text.split(/[\n\t]/).filter((part) => part.trim().length > 1);
  return { question: withoutPrefix(first), answer: withoutPrefix(rest.join("\n")) };
};

// qa: one chunk per question/answer pair; only the question is matched (stored as the chunk's question).
export const qaChunks = (parsed: ParsedDocument): ChunkDraft[] => {
  // a pair and the PDF blocks it was read from (none for a sheet)
  const pairs: [string, string, Block[]][] = [];
  // a sheet's rows are the pairs; the tables found in a PDF's layout are part of its text
  const sheets = (parsed.tables ?? []).filter((table) => table.page === undefined);
  if (sheets.length) {
    for (const table of sheets) for (const [q = "", a = ""] of allRows(table)) pairs.push([q, a, []]);
  } else {
    let question = "";
    let answer: string[] = [];
    let from: Block[] = [];
    const flush = () => {
      if (question) pairs.push([question, answer.join("\n"), from]);
      question = "";
      answer = [];
      from = [];
    };
    for (const block of parsed.blocks) {
      const tabbed = block.text.split("\n").filter((line) => line.includes("\t"));
      if (block.kind !== "heading" && tabbed.length > 0) {
        flush();
        for (const line of tabbed) pairs.push([...(line.split("\t", 2) as [string, string]), [block]]);
      } else if (block.kind === "heading" || /\?\s*$/.test(block.text)) {
        flush();
        question = block.text;
        from = [block];
      } else if (question) {
        answer.push(block.text);
        from.push(block);
      }
    }
    flush();
  }
  return pairs
    .map(([q, a, from]) => [q.trim(), a.trim(), from] as const)
    .filter(([q, a]) => q && a)
    .map(([q, a, from]) => ({ content: qaContent(q, a), ...placesOf(from), questions: [q] }));
};

// A PDF table's place (its layout's box), which each of its rows' chunks points to.
const tablePlace = (table: Table) =>
  table.page && table.box
    ? placesOf([{ kind: "table", text: "", page: table.page, box: table.box }])
    : { pages: table.page ? [table.page] : [] };

// table: one chunk per row, "column: value" pairs.
export const rowChunks = (parsed: ParsedDocument): ChunkDraft[] =>
  (parsed.tables ?? []).flatMap((table) => {
    const place = tablePlace(table);
    return table.rows.map((row) => ({
      content: row
        .map((cell, i) => `${table.headers[i] || `column ${i + 1}`}: ${cell}`)
        .filter((pair) => !pair.endsWith(": "))
        .join("; "),
      ...place,
    }));
  });

// tag: rows of (content, tags); the tags are stored with the chunk and make the base a tag set.
export const tagChunks = (parsed: ParsedDocument): ChunkDraft[] =>
  (parsed.tables ?? [])
    .flatMap((table) =>
      allRows(table).map(([content = "", tags = ""]) => ({
        content: content.trim(),
        pages: [],
        tags: tags
          .split(/[,;]/)
          .map((tag) => tag.trim())
          .filter(Boolean),
      })),
    )
    .filter((chunk) => chunk.content);
