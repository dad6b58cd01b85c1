import type { ChunkMethod } from "../../contract/parser-config";
import type { Block, ParsedDocument } from "../parse/types";
import { naiveMerge } from "./merge";
import { placesOf } from "./positions";
import { qaChunks, rowChunks, tagChunks } from "./records";
import { BOUNDARIES, paperChunks, sectionChunks } from "./sections";
import type { ChunkConfig, ChunkDraft } from "./types";

const byPage = (parsed: ParsedDocument): ChunkDraft[] => {
  const pages = new Map<number, Block[]>();
  for (const block of parsed.blocks) {
    const page = block.page ?? 1;
    pages.set(page, [...(pages.get(page) ?? []), block]);
  }
  return [...pages].map(([page, blocks]) => ({
    content: blocks.map((block) => block.text).join("\n"),
    ...placesOf(blocks),
    pages: [page],
  }));
};

const CONTENTS_TITLE = /^(?:inhalt|inhaltsverzeichnis|inhaltsübersicht|contents|table of contents)$/i;

// A book's table of contents (found in a PDF's layout) is no content of its own: it and its title are left out.
const withoutContents = (blocks: Block[]) =>
  blocks.filter(
    (block, i) =>
      block.kind !== "toc" &&
      !(block.kind === "heading" && CONTENTS_TITLE.test(block.text.trim()) && blocks[i + 1]?.kind === "toc"),
  );

// RAGFlow's chunk methods (naive, book, laws, qa, table, …), keyed by parser_id. Each returns chunks in reading order.
export const chunkDocument = (method: ChunkMethod, parsed: ParsedDocument, config: ChunkConfig): ChunkDraft[] => {
  const drafts = (() => {
    switch (method) {
      case "qa":
        return qaChunks(parsed);
      case "table":
        return rowChunks(parsed);
      case "tag":
        return tagChunks(parsed);
      case "one":
        return [{ content: parsed.blocks.map((b) => b.text).join("\n"), ...placesOf(parsed.blocks) }];
      case "presentation":
        return byPage(parsed);
      // a transcript's lines are its timed segments: a chunk ends only between them
      case "audio":
        return naiveMerge(parsed.blocks, { ...config, delimiter: "\n" });
      case "book":
        return sectionChunks(withoutContents(parsed.blocks), config, BOUNDARIES.book);
      case "manual":
      case "laws":
        return sectionChunks(parsed.blocks, config, BOUNDARIES[method]);
      case "paper":
        return paperChunks(parsed.blocks, config);
      default:
        return naiveMerge(parsed.blocks, config);
    }
  })();
  return drafts.filter((draft) => draft.content.trim().length > 0);
};

export type { ChunkDraft };
