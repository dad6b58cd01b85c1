import { TAG } from "../parse/markup";
import { countTokens } from "../tokens";
import type { Block } from "../parse/types";
import { parseDelimiters, splitOn } from "./delimiters";
import { placesOf } from "./positions";
import { splitTable } from "./tables";
import type { ChunkConfig, ChunkDraft } from "./types";

const SENTENCE_END = [". ", "! ", "? ", "。", "；", "\n"];

type Piece = { block: Block; tokens: number };

// A section larger than the budget is cut at the configured delimiters, then at sentence ends,
// and as a last resort by length (about 4 characters per token). Each piece comes with its token count, which
// the merge needs too: counting is the costly part of chunking a large spreadsheet.
const fitSection = (block: Block, budget: number, levels: string[][]): Piece[] => {
  const tokens = countTokens(block.text);
  if (tokens <= budget) return [{ block, tokens }];
  const [delimiters, ...rest] = levels;
  if (delimiters) {
    const pieces = splitOn(block.text, delimiters);
    if (pieces.length > 1) return pieces.flatMap((text) => fitSection({ ...block, text }, budget, rest));
    return fitSection(block, budget, rest);
  }
  const size = budget * 4;
  return Array.from({ length: Math.ceil(block.text.length / size) }, (_, i) => {
    const text = block.text.slice(i * size, (i + 1) * size);
    return { block: { ...block, text }, tokens: countTokens(text) };
  });
};

const overlapTail = (text: string, percent: number) =>
  percent > 0 ? text.slice(Math.floor(text.length * (1 - percent / 100))).replace(TAG, "") : "";

// RAGFlow's naive merge: sections are appended to the current chunk until it passes the token budget;
// custom `delimiters` instead cut sections into pieces that each become a chunk of their own.
export const naiveMerge = (blocks: Block[], config: ChunkConfig): ChunkDraft[] => {
  const { custom, singles } = parseDelimiters(config.delimiter);
  if (custom.length > 0) {
    return blocks.flatMap((block) =>
      splitOn(block.text, custom, { drop: true }).map((content) => ({ content, ...placesOf([block]) })),
    );
  }
  const budget = Math.max(1, Math.floor((config.chunkTokenNum * (100 - config.overlappedPercent)) / 100));
  const chunks: ChunkDraft[] = [];
  let text = "";
  let tokens = 0;
  // the blocks (or their pieces) the current chunk holds: its pages and positions
  let held: Block[] = [];
  const close = () => {
    if (text.trim()) chunks.push({ content: text.trim(), ...placesOf(held) });
    text = overlapTail(text, config.overlappedPercent);
    tokens = countTokens(text);
    held = [];
  };
  for (const block of blocks) {
    if (block.kind === "table") {
      close();
      for (const content of splitTable(block.text, config.chunkTokenNum))
        chunks.push({ content, ...placesOf([block]) });
      text = "";
      tokens = 0;
      continue;
    }
    for (const { block: piece, tokens: pieceTokens } of fitSection(block, config.chunkTokenNum, [
      singles,
      SENTENCE_END,
    ])) {
      if (tokens > 0 && tokens + pieceTokens > budget) close();
      text += `${text ? "\n" : ""}${piece.text}`;
      tokens += pieceTokens;
      held.push(piece);
    }
  }
  close();
  return chunks;
};
