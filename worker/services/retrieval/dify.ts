import { and, eq } from "drizzle-orm";
import type { DifyRecord, DifyRetrievalInput } from "../../contract/dify";
import { datasets } from "../../db/schema";
import { notFoundError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";
import { knowledgeChunks } from "./knowledge-chunks";
import { retrieve } from "./retrieve";

// RAGFlow's vector weight for Dify's external knowledge API (its request has none).
const DIFY_VECTOR_WEIGHT = 0.3;

// Dify's external knowledge retrieval over one knowledge base the caller can see: the one retrieval path with the
// request's top_k and score threshold; each record carries its document's metadata and doc_id.
export const difyRecords = async (ctx: ServiceContext, input: DifyRetrievalInput): Promise<DifyRecord[]> => {
  const dataset = await ctx.db.query.datasets.findFirst({
    columns: { id: true },
    where: and(eq(datasets.id, input.knowledge_id), visibleDatasets(ctx)),
  });
  if (!dataset) throw notFoundError("Knowledgebase not found!");
  const { top_k, score_threshold } = input.retrieval_setting;
  const { chunks } = await retrieve(ctx, {
    question: input.query,
    dataset_ids: [dataset.id],
    document_ids: [],
    page: 1,
    page_size: top_k,
    similarity_threshold: score_threshold,
    vector_similarity_weight: DIFY_VECTOR_WEIGHT,
    top_k,
    keyword: false,
    cross_languages: [],
    highlight: false,
    use_kg: input.use_kg,
    metadata_condition: input.metadata_condition?.conditions.length ? input.metadata_condition : undefined,
  });
  const known = await knowledgeChunks(ctx, chunks);
  return chunks.map((chunk, i) => ({
    content: chunk.content,
    score: chunk.similarity,
    title: chunk.document_keyword,
    metadata: { ...known[i]?.meta, doc_id: chunk.document_id },
  }));
};
