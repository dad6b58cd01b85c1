import type { DataflowChunk, ParserOutputFormat, ParserSetup } from "../../../contract/dataflow";
import { PARSER_OUTPUT_FORMATS } from "../../../contract/dataflow";
import { AUDIO_SUFFIXES, IMAGE_SUFFIXES } from "../../../lib/content-types";
import { positionsOf } from "../../../rag/chunk/positions";
import { parseDocument } from "../../../rag/parse";
import type { Block, BlockBox } from "../../../rag/parse/types";
import type { Deps } from "../../context";
import { describeImage } from "../describe-image";
import { transcribeAudio } from "../transcribe-audio";
import { type Payload, PipelineError } from "./types";

export type PipelineFile = { name: string; suffix: string; bytes: Uint8Array };

const isSetup = (value: unknown): value is ParserSetup =>
  typeof value === "object" && value !== null && Array.isArray((value as ParserSetup).suffix);

// The Parser's setup for a file ending: RAGFlow's newer canvases keep them under `setups`, older ones (its
// templates) as the params' own keys.
export const parserSetupFor = (params: Record<string, unknown>, suffix: string) => {
  const setups = (params.setups ?? params) as Record<string, unknown>;
  for (const [format, setup] of Object.entries(setups))
    if (isSetup(setup) && setup.suffix?.map((s) => s.toLowerCase()).includes(suffix)) return { format, setup };
  return null;
};

const heading = (block: Block) => (block.kind === "heading" ? "#".repeat(Math.min(block.level ?? 1, 6)) + " " : "");

// A section as the chunkers read it: its text (a heading written as Markdown, so the TitleChunker's "#" levels
// find it), table or text, and where it is on its PDF page.
const sectionOf = (block: Block): DataflowChunk => {
  const positions = positionsOf([block]);
  return {
    text: heading(block) + block.text,
    doc_type_kwd: block.kind === "table" ? "table" : "text",
    ...(positions.length ? { positions } : {}),
  };
};

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const htmlOf = (block: Block) =>
  block.kind === "heading"
    ? `<h${Math.min(block.level ?? 1, 6)}>${escapeHtml(block.text)}</h${Math.min(block.level ?? 1, 6)}>`
    : block.kind === "table" && block.text.trimStart().startsWith("<")
      ? block.text
      : `<p>${escapeHtml(block.text)}</p>`;

const outputFormatOf = (setup: ParserSetup): ParserOutputFormat => {
  const format = String(setup.output_format ?? "json");
  return (PARSER_OUTPUT_FORMATS as readonly string[]).includes(format) ? (format as ParserOutputFormat) : "json";
};

const readBlocks = async (deps: Deps, tenantId: string, file: PipelineFile, setup: ParserSetup) => {
  if (IMAGE_SUFFIXES.has(file.suffix)) return (await describeImage(deps, tenantId, file.suffix, file.bytes)).blocks;
  if (AUDIO_SUFFIXES.has(file.suffix)) return (await transcribeAudio(deps, tenantId, file.name, file.bytes)).blocks;
  return (
    await parseDocument(file.suffix, file.name, file.bytes, {
      fromPage: 1,
      toPage: Number.MAX_SAFE_INTEGER,
      html4excel: outputFormatOf(setup) === "html",
      // RAGFlow's "Plain Text" parse method reads a PDF without layout analysis; every other one gets Buddy's
      layout: setup.parse_method !== "Plain Text",
    })
  ).blocks;
};

// Parser: the file read by Buddy's parser for its type, handed on in the setup's output_format.
export const runParser = async (
  deps: Deps,
  tenantId: string,
  params: Record<string, unknown>,
  file: PipelineFile,
): Promise<Payload> => {
  const found = parserSetupFor(params, file.suffix);
  if (!found) throw new PipelineError(`Parser: no setup of this pipeline takes .${file.suffix} files.`);
  const blocks = (await readBlocks(deps, tenantId, file, found.setup)).filter((block) => block.text.trim());
  if (blocks.length === 0) throw new PipelineError(`Parser: no text found in "${file.name}".`);
  const format = outputFormatOf(found.setup);
  if (format === "json") return { format, sections: blocks.map(sectionOf) };
  if (format === "html") return { format, text: blocks.map(htmlOf).join("\n") };
  if (format === "markdown") return { format, text: blocks.map((block) => heading(block) + block.text).join("\n\n") };
  return { format, text: blocks.map((block) => block.text).join("\n") };
};

// Sections back as blocks for Buddy's chunkers (their page and box from the first position).
export const blocksOf = (sections: DataflowChunk[]): Block[] =>
  sections.map((section) => {
    const [page, left, right, top, bottom] = section.positions?.[0] ?? [];
    const box: BlockBox | undefined =
      page !== undefined && left !== undefined && right !== undefined && top !== undefined && bottom !== undefined
        ? [left, top, right, bottom]
        : undefined;
    return {
      text: section.text,
      kind: section.doc_type_kwd === "table" ? "table" : "text",
      ...(box && page !== undefined ? { page, box } : {}),
    };
  });
