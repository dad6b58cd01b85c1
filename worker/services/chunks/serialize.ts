import type { Chunk } from "../../contract/chunks";
import type { ChunkRow } from "../../db/schema";
import { answeredPositions } from "../../rag/chunk/positions";
import { chunkDocType } from "../scope/chunk-image";

// RAGFlow prints chunk times as "YYYY-MM-DD HH:MM:SS" plus a float epoch in seconds.
const stamp = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19);

export const toChunk = (row: ChunkRow): Chunk => {
  const imageId = row.imageId;
  return {
    id: row.id,
    content: row.content,
    document_id: row.documentId,
    docnm_kwd: row.docName,
    dataset_id: row.datasetId,
    important_keywords: row.importantKeywords,
    questions: row.questions,
    tag_kwd: row.tags,
    tag_feas: row.tagFeatures,
    image_id: imageId,
    available: row.available,
    positions: answeredPositions(row.pages, row.positions),
    page_num_int: row.pages,
    token_count: row.tokenCount,
    doc_type_kwd: chunkDocType(imageId),
    manual: row.manual,
    create_time: stamp(row.createTime),
    create_timestamp: row.createTime / 1000,
  };
};

// The stored-field view of GET …/chunks/{id} (RAGFlow's doc-store names).
export const toStoredChunk = (row: ChunkRow) => ({
  id: row.id,
  content_with_weight: row.content,
  doc_id: row.documentId,
  docnm_kwd: row.docName,
  important_kwd: row.importantKeywords,
  question_kwd: row.questions,
  tag_kwd: row.tags,
  tag_feas: row.tagFeatures,
  available_int: row.available ? 1 : 0,
  img_id: row.imageId,
  page_num_int: row.pages,
  position_int: row.positions,
});
