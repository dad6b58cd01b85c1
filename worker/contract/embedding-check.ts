import * as v from "valibot";
import { int, msg } from "./pydantic";

export const EMBEDDING_CHECK_MAX = 10_000;
// RAGFlow samples among the first 1,000 stored chunks; a new model must reach this average cosine.
export const EMBEDDING_CHECK_POOL = 1000;
export const EMBEDDING_CHECK_MIN_SIMILARITY = 0.9;

// POST /datasets/{id}/embedding/check: would another embedding model place the stored chunks where they are?
export const EmbeddingCheckSchema = v.object({
  embd_id: v.optional(v.string(msg.string), ""),
  check_num: v.optional(int(1, EMBEDDING_CHECK_MAX), 5),
});
export type EmbeddingCheckInput = v.InferOutput<typeof EmbeddingCheckSchema>;

export type EmbeddingCheckSample =
  | { chunk_id: string; doc_id: string; doc_name: string; vector_field: string; vector_dim: number; cos_sim: number }
  | { chunk_id: string; reason: "no_text" | "no_stored_vector" };

export type EmbeddingCheckSummary = {
  kb_id: string;
  model: string;
  sampled: number;
  valid: number;
  avg_cos_sim: number;
  min_cos_sim: number;
  max_cos_sim: number;
  match_mode: "content_only" | "title+content";
};

export type EmbeddingCheckResult = { summary: EmbeddingCheckSummary; results: EmbeddingCheckSample[] };
