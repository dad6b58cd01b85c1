import * as v from "valibot";
import { MetaDataFilterSchema } from "./chats";
import { CrossLanguagesSchema, MAX_DOCUMENT_FILTER } from "./retrieval";
import { SEARCH_QUESTION_MAX } from "./searches";
import { bool, float, int, msg } from "./pydantic";

export const MAX_SEARCHED_DATASETS = 64;

const ids = (field: string, max: number) =>
  v.pipe(v.array(v.string(msg.string), `\`${field}\` should be a list`), v.maxLength(max, `At most ${max} ${field}.`));

// RAGFlow's retrieval test over datasets (POST /datasets/{id}/search, /datasets/search): the web app's field names
// (doc_ids, size), threshold 0 by default, and a search app's saved settings when search_id is given.
const searchFields = {
  question: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.nonEmpty(msg.minChars(1)),
    v.maxLength(SEARCH_QUESTION_MAX, msg.maxChars(SEARCH_QUESTION_MAX)),
  ),
  doc_ids: v.optional(ids("doc_ids", MAX_DOCUMENT_FILTER), []),
  page: v.optional(int(1), 1),
  size: v.optional(int(1, 1024), 30),
  top_k: v.optional(int(1, 2048), 1024),
  similarity_threshold: v.optional(float(0, 1), 0),
  vector_similarity_weight: v.optional(float(0, 1), 0.3),
  use_kg: v.optional(bool(), false),
  keyword: v.optional(bool(), false),
  cross_languages: v.optional(CrossLanguagesSchema, []),
  highlight: v.optional(bool(), false),
  rerank_id: v.optional(v.string(msg.string), ""),
  meta_data_filter: v.optional(MetaDataFilterSchema),
  search_id: v.optional(v.string(msg.string), ""),
};

export const DatasetSearchSchema = v.strictObject(searchFields, msg.extra);
export type DatasetSearchInput = v.InferOutput<typeof DatasetSearchSchema>;

export const DatasetsSearchSchema = v.strictObject(
  {
    ...searchFields,
    dataset_ids: v.pipe(
      ids("dataset_ids", MAX_SEARCHED_DATASETS),
      v.minLength(1, "List should have at least 1 item after validation, not 0"),
    ),
  },
  msg.extra,
);
export type DatasetsSearchInput = v.InferOutput<typeof DatasetsSearchSchema>;

// A chunk as RAGFlow's retriever returns it (doc-store field names), without its vector.
export type StoredSearchChunk = {
  chunk_id: string;
  content_ltks: string;
  content_with_weight: string;
  doc_id: string;
  docnm_kwd: string;
  kb_id: string;
  important_kwd: string[];
  question_kwd: string[];
  tag_kwd: string[];
  image_id: string;
  positions: number[][];
  similarity: number;
  vector_similarity: number;
  term_similarity: number;
  highlight?: string;
  doc_type_kwd: string;
};

export type DatasetSearchResult = {
  total: number;
  chunks: StoredSearchChunk[];
  doc_aggs: { doc_id: string; doc_name: string; count: number }[];
  // the question's tags from the datasets' tag sets (RAGFlow's label_question), {} without tag sets
  labels: Record<string, number>;
};
