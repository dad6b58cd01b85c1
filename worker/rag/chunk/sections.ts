import type { Block } from "../parse/types";
import { naiveMerge } from "./merge";
import { placesOf } from "./positions";
import type { ChunkConfig, ChunkDraft } from "./types";

export type BoundaryRule = (block: Block) => boolean;

const LAW_NUMBERING =
  /^(§+\s*\d+[a-z]?|Art(ikel|\.)?\s*\d+|Abschnitt\s+\d+|Kapitel\s+\d+|Teil\s+\d+|Chapter\s+\d+|Section\s+\d+|Article\s+\d+)\b/i;
const BOOK_NUMBERING = /^((Chapter|Kapitel|Part|Teil)\s+[\dIVXLC]+|\d+(\.\d+)*\s+\S)/i;

export const BOUNDARIES: Record<"manual" | "book" | "laws" | "paper", BoundaryRule> = {
  manual: (block) => block.kind === "heading",
  paper: (block) => block.kind === "heading",
  book: (block) => block.kind === "heading" || (block.text.length < 120 && BOOK_NUMBERING.test(block.text)),
  laws: (block) => block.kind === "heading" || LAW_NUMBERING.test(block.text.trimStart()),
};

// Structure-aware chunking: a new chunk starts at every boundary (heading, numbered article …),
// the boundary's title leads its chunk, and a section over the budget is split by the naive merge.
export const sectionChunks = (blocks: Block[], config: ChunkConfig, isBoundary: BoundaryRule): ChunkDraft[] => {
  const sections: Block[][] = [];
  for (const block of blocks) {
    if (isBoundary(block) || sections.length === 0) sections.push([block]);
    else sections.at(-1)?.push(block);
  }
  return sections.flatMap((section) => {
    const [first] = section;
    const title = first && isBoundary(first) ? (first.text.split("\n")[0] ?? "") : "";
    const chunks = naiveMerge(section, { ...config, delimiter: config.delimiter.replace(/`[^`]*`/g, "") }).map(
      (chunk, i) => (i === 0 || !title ? chunk : { ...chunk, content: `${title}\n${chunk.content}` }),
    );
    // a table right under the heading closes the heading as a chunk of its own: the chunks after it lead with it
    return title && chunks.length > 1 && chunks[0]?.content === title ? chunks.slice(1) : chunks;
  });
};

// A paper's opening (title, authors, abstract) stays whole, up to the first heading after it.
export const paperChunks = (blocks: Block[], config: ChunkConfig): ChunkDraft[] => {
  const firstHeading = blocks.findIndex(
    (block, i) => i > 0 && block.kind === "heading" && !/abstract|zusammenfassung/i.test(block.text),
  );
  const split = firstHeading > 0 ? firstHeading : Math.min(blocks.length, 3);
  const opening = blocks.slice(0, split);
  const head: ChunkDraft[] = opening.length
    ? [{ content: opening.map((b) => b.text).join("\n"), ...placesOf(opening) }]
    : [];
  return [...head, ...sectionChunks(blocks.slice(split), config, BOUNDARIES.paper)];
};
