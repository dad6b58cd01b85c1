import { and, asc, eq } from "drizzle-orm";
import {
  EMBEDDING_CHECK_MIN_SIMILARITY,
  EMBEDDING_CHECK_POOL,
  type EmbeddingCheckInput,
  type EmbeddingCheckResult,
  type EmbeddingCheckSample,
} from "../../contract/embedding-check";
import { chunks } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { EmbeddingModel } from "../../platform/providers/types";
import type { ServiceContext } from "../context";
import { assertEmbeddingModelUsable } from "../models/validate";
import { resolveEmbedding } from "../models/resolve";
import { getDatasetInTenant } from "./internal";

// RAGFlow mixes the title in with weight 0.1 when it indexes; the check tries the text with and without it.
const TITLE_WEIGHT = 0.1;

const cosine = (a: Float32Array, b: Float32Array) => {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    normA += (a[i] ?? 0) ** 2;
    normB += (b[i] ?? 0) ** 2;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
};
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

// n distinct positions out of 0..size-1, in order
const samplePositions = (size: number, n: number) => {
  const pool = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (size - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, n).toSorted((a, b) => a - b);
};

type Sampled = { id: string; documentId: string; docName: string; content: string; questions: unknown };
const textOf = (chunk: Sampled) => {
  const questions = Array.isArray(chunk.questions) ? chunk.questions.filter((q): q is string => typeof q === "string") : [];
  return (questions.length ? questions.join("\n") : chunk.content.replace(/<[^>]+>/g, " ")).trim();
};

const similarityTo = async (model: EmbeddingModel, chunk: Sampled, text: string, stored: Float32Array) => {
  const [title, content] = await model.embed([chunk.docName || "Title", text]);
  if (!title || !content) throw dataError("Embedding failure. The model returned no vector.");
  if (content.length !== stored.length) {
    throw dataError(`Embedding failure. The dimension (${content.length}) of given embedding model is different from the original (${stored.length})`);
  }
  const contentOnly = cosine(content, stored);
  const withTitle = cosine(content.map((value, i) => TITLE_WEIGHT * (title[i] ?? 0) + (1 - TITLE_WEIGHT) * value), stored);
  return withTitle > contentOnly ? { similarity: withTitle, mode: "title+content" as const } : { similarity: contentOnly, mode: "content_only" as const };
};

// POST /datasets/{id}/embedding/check (RAGFlow's): re-embed a random sample of the first 1,000 stored chunks
// with another model and compare with the vectors they were indexed with; ≥ 0.9 on average means the new model
// places them in the same space, so the dataset could switch without re-parsing.
export const checkEmbeddingModel = async (ctx: ServiceContext, datasetId: string, input: EmbeddingCheckInput): Promise<{ passed: boolean; result: EmbeddingCheckResult }> => {
  if (!input.embd_id) throw dataError("`embd_id` is required.");
  const dataset = await getDatasetInTenant(ctx, datasetId);
  await assertEmbeddingModelUsable(ctx, input.embd_id);
  const model = await resolveEmbedding(ctx, dataset.tenantId, input.embd_id);
  const pool = await ctx.db
    .select({ id: chunks.id, documentId: chunks.documentId, docName: chunks.docName, content: chunks.content, questions: chunks.questions })
    .from(chunks)
    .where(and(eq(chunks.datasetId, datasetId), eq(chunks.available, true)))
    .orderBy(asc(chunks.documentId), asc(chunks.position))
    .limit(EMBEDDING_CHECK_POOL);
  const sample = samplePositions(pool.length, Math.min(input.check_num, pool.length)).map((i) => pool[i] as Sampled);
  const stored = sample.length ? await ctx.vectors.vectorsOf(datasetId, dataset.embdId, sample.map((chunk) => chunk.id)) : new Map<string, Float32Array>();

  const results: EmbeddingCheckSample[] = [];
  const similarities: number[] = [];
  let mode: "content_only" | "title+content" = "content_only";
  for (const chunk of sample) {
    const text = textOf(chunk);
    const vector = stored.get(chunk.id);
    if (!text) results.push({ chunk_id: chunk.id, reason: "no_text" });
    else if (!vector) results.push({ chunk_id: chunk.id, reason: "no_stored_vector" });
    else {
      const found = await similarityTo(model, chunk, text, vector);
      similarities.push(found.similarity);
      mode = found.mode;
      results.push({ chunk_id: chunk.id, doc_id: chunk.documentId, doc_name: chunk.docName, vector_field: `q_${vector.length}_vec`, vector_dim: vector.length, cos_sim: round6(found.similarity) });
    }
  }
  if (similarities.length === 0) throw dataError("No embedded chunks are available to compare.");
  const average = similarities.reduce((sum, value) => sum + value, 0) / similarities.length;
  const summary = {
    kb_id: datasetId,
    model: input.embd_id,
    sampled: sample.length,
    valid: similarities.length,
    avg_cos_sim: round6(average),
    min_cos_sim: round6(Math.min(...similarities)),
    max_cos_sim: round6(Math.max(...similarities)),
    match_mode: mode,
  };
  return { passed: average >= EMBEDDING_CHECK_MIN_SIMILARITY, result: { summary, results } };
};

export const EMBEDDING_SWITCH_REFUSED =
  "Embedding model switch failed: the average similarity between old and new vectors is below 0.9, indicating incompatible vector spaces.";
