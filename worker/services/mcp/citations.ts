import type { Reference, ReferenceChunk } from "../../contract/chats";
import type { RetrievedChunk } from "../../contract/retrieval";

// RAGFlow's positions are [page, left, right, top, bottom]; a citation names the pages.
const pagesOf = (positions: number[][]) =>
  [...new Set(positions.map((position) => position[0]).filter((page) => typeof page === "number"))].toSorted(
    (a, b) => a - b,
  );

// What a client needs to cite a chunk, from a retrieval result or an answer's reference alike.
export const toCitation = (chunk: RetrievedChunk | ReferenceChunk) => ({
  chunk_id: chunk.id,
  content: chunk.content,
  document_id: chunk.document_id,
  document_name: "document_name" in chunk ? chunk.document_name : chunk.document_keyword,
  dataset_id: chunk.dataset_id,
  similarity: chunk.similarity,
  pages: pagesOf(chunk.positions ?? []),
});

export const citationsOf = (reference: Reference | Record<string, never> | null | undefined) =>
  reference && "chunks" in reference ? reference.chunks.map(toCitation) : [];
