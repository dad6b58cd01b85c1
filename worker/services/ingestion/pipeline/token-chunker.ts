import type { DataflowChunk } from "../../../contract/dataflow";
import { withChildren } from "../../../rag/chunk/children";
import { naiveMerge } from "../../../rag/chunk/merge";
import { blocksOf } from "./parser";
import type { Payload } from "./types";

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === "string" ? [value] : []).filter(
    (item): item is string => typeof item === "string" && item !== "",
  );

// RAGFlow keeps overlapped_percent in [0, 1); its editor and older canvases write percent.
const overlapPercent = (value: unknown) => {
  const n = Number(value) || 0;
  return Math.min(99, Math.max(0, n < 1 ? n * 100 : n));
};

const sectionsOf = (payload: Payload): DataflowChunk[] =>
  payload.format === "json"
    ? payload.sections
    : payload.format === "chunks"
      ? payload.chunks
      : [{ text: payload.text }];

// TokenChunker: Buddy's naive merge (chunk_token_size, delimiters — `backticked` ones cut without merging —,
// overlapped_percent); delimiter_mode "one" keeps the whole document as one chunk; children_delimiters cut each
// chunk again into children that carry it as their parent (`mom`).
export const runTokenChunker = (params: Record<string, unknown>, payload: Payload): Payload => {
  const sections = sectionsOf(payload);
  if (params.delimiter_mode === "one") {
    const text = sections.map((section) => section.text).join("\n");
    return { format: "chunks", chunks: text.trim() ? [{ text }] : [] };
  }
  const drafts = naiveMerge(blocksOf(sections), {
    chunkTokenNum: Number(params.chunk_token_size) || 512,
    delimiter: listOf(params.delimiters).join(""),
    overlappedPercent: overlapPercent(params.overlapped_percent),
  });
  const children = listOf(params.children_delimiters);
  const pieces = children.length ? withChildren(drafts, children.map((d) => `\`${d}\``).join("")) : drafts;
  return {
    format: "chunks",
    chunks: pieces
      .filter((draft) => draft.content.trim())
      .map((draft) => ({
        text: draft.content,
        ...(draft.positions?.length ? { positions: draft.positions } : {}),
        ...(draft.parent ? { mom: draft.parent } : {}),
      })),
  };
};
