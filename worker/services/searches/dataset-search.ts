import * as v from "valibot";
import type { DatasetSearchInput, DatasetSearchResult, StoredSearchChunk } from "../../contract/dataset-search";
import type { RetrievedChunk } from "../../contract/retrieval";
import { SearchConfigSchema, type SearchConfig } from "../../contract/searches";
import type { ServiceContext } from "../context";
import { chunkDocType } from "../scope/chunk-image";
import { searchChunks } from "./ask";
import { getSearchInTenant } from "./access";
import { searchConfigOf } from "./internal";
import { checkDatasets, checkDocuments } from "./validate";

const toStoredSearchChunk = (chunk: RetrievedChunk, highlight: boolean): StoredSearchChunk => ({
  chunk_id: chunk.id,
  content_ltks: chunk.content_ltks,
  content_with_weight: chunk.content,
  doc_id: chunk.document_id,
  docnm_kwd: chunk.document_keyword,
  kb_id: chunk.dataset_id,
  important_kwd: chunk.important_keywords,
  question_kwd: chunk.questions,
  tag_kwd: chunk.tag_kwd,
  image_id: chunk.image_id,
  positions: chunk.positions,
  similarity: chunk.similarity,
  vector_similarity: chunk.vector_similarity,
  term_similarity: chunk.term_similarity,
  ...(highlight ? { highlight: chunk.highlight } : {}),
  doc_type_kwd: chunkDocType(chunk.image_id),
});

// The request's settings, or (with search_id) the saved search app's, which RAGFlow lets override them.
const searchConfigFor = async (ctx: ServiceContext, input: DatasetSearchInput): Promise<SearchConfig> => {
  const requested = v.parse(SearchConfigSchema, {
    similarity_threshold: input.similarity_threshold,
    vector_similarity_weight: input.vector_similarity_weight,
    top_k: input.top_k,
    rerank_id: input.rerank_id,
    keyword: input.keyword,
    use_kg: input.use_kg,
    cross_languages: input.cross_languages,
    meta_data_filter: input.meta_data_filter,
  });
  if (!input.search_id) return requested;
  const saved = searchConfigOf(await getSearchInTenant(ctx, input.search_id));
  return { ...requested, ...saved };
};

// RAGFlow's dataset search (the retrieval test of its web app): the one retrieval path, with the doc-store field
// names, `total` = the chunks on this page, and the question's tag-set labels.
export const searchDatasets = async (
  ctx: ServiceContext,
  datasetIds: string[],
  input: DatasetSearchInput,
): Promise<DatasetSearchResult> => {
  const kbIds = [...new Set(datasetIds)];
  await checkDatasets(ctx, kbIds);
  const docIds = [...new Set(input.doc_ids)];
  if (docIds.length) await checkDocuments(ctx, kbIds, docIds);
  const config = await searchConfigFor(ctx, input);
  const result = await searchChunks(ctx, config, { kbIds, docIds }, input.question, {
    page: input.page,
    size: input.size,
    highlight: input.highlight,
  });
  return {
    total: result.chunks.length,
    chunks: result.chunks.map((chunk) => toStoredSearchChunk(chunk, input.highlight)),
    doc_aggs: result.doc_aggs,
    labels: result.labels,
  };
};
