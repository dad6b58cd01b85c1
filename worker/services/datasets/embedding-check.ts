import { and, asc, eq } from "drizzle-orm";
import {
  EMBEDDING_CHECK_MIN_SIMILARITY,
  EMBEDDING_CHECK_POOL,
  type EmbeddingCheckInput,
  type EmbeddingCheckResult,
  type EmbeddingCheckSample,
} from "../../contract/embedding-check";
import type { ParserConfig } from "../../contract/parser-config";
import { chunks, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { EmbeddingModel } from "../../platform/providers/types";
import type { ServiceContext } from "../context";
import { assertEmbeddingModelUsable } from "../models/validate";
import { resolveEmbedding } from "../models/resolve";
import { getDatasetInTenant } from "../scope/datasets";
import { embeddingText, titleWeightOf } from "../../rag/embed";
import { cosine, mixTitle } from "../../rag/vector-math";

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

type Sampled = {
  id: string;
  documentId: string;
  docName: string;
  content: string;
  questions: unknown;
  parserConfig: ParserConfig;
};
const textOf = (chunk: Sampled) => {
  const questions = Array.isArray(chunk.questions)
    ? chunk.questions.filter((q): q is string => typeof q === "string")
    : [];
  return embeddingText({ content: chunk.content, questions }).trim();
};

type Comparable = { chunk: Sampled; text: string; stored: Float32Array };
const EMBED_BATCH = 32;

// Each chunk's title and text embedded with the new model, a batch of chunks per call, and compared with the
// stored vector (text alone or with the title mixed in at its document's weight, as indexing did; whichever is
// closer).
const similaritiesOf = async (model: EmbeddingModel, items: Comparable[]) => {
  const found: { similarity: number; mode: "content_only" | "title+content" }[] = [];
  for (let start = 0; start < items.length; start += EMBED_BATCH) {
    const batch = items.slice(start, start + EMBED_BATCH);
    const vectors = await model.embed(batch.flatMap(({ chunk, text }) => [chunk.docName || "Title", text]));
    for (const [i, { stored }] of batch.entries()) {
      const title = vectors[2 * i];
      const content = vectors[2 * i + 1];
      if (!title || !content) throw dataError("Embedding failure. The model returned no vector.");
      if (content.length !== stored.length) {
        throw dataError(
          `Embedding failure. The dimension (${content.length}) of given embedding model is different from the original (${stored.length})`,
        );
      }
      const contentOnly = cosine(content, stored);
      const withTitle = cosine(mixTitle(title, content, titleWeightOf(batch[i]?.chunk.parserConfig)), stored);
      found.push(
        withTitle > contentOnly
          ? { similarity: withTitle, mode: "title+content" }
          : { similarity: contentOnly, mode: "content_only" },
      );
    }
  }
  return found;
};

// POST /datasets/{id}/embedding/check (RAGFlow's): re-embed a random sample of the first 1,000 stored chunks
// with another model and compare with the vectors they were indexed with; ≥ 0.9 on average means the new model
// places them in the same space, so the dataset could switch without re-parsing.
export const checkEmbeddingModel = async (
  ctx: ServiceContext,
  datasetId: string,
  input: EmbeddingCheckInput,
): Promise<{ passed: boolean; result: EmbeddingCheckResult }> => {
  if (!input.embd_id) throw dataError("`embd_id` is required.");
  const dataset = await getDatasetInTenant(ctx, datasetId);
  await assertEmbeddingModelUsable(ctx, input.embd_id);
  const model = await resolveEmbedding(ctx, dataset.tenantId, input.embd_id);
  const pool = await ctx.db
    .select({
      id: chunks.id,
      documentId: chunks.documentId,
      docName: chunks.docName,
      content: chunks.content,
      questions: chunks.questions,
      parserConfig: documents.parserConfig,
    })
    .from(chunks)
    .innerJoin(documents, eq(documents.id, chunks.documentId))
    .where(and(eq(chunks.datasetId, datasetId), eq(chunks.available, true)))
    .orderBy(asc(chunks.documentId), asc(chunks.position))
    .limit(EMBEDDING_CHECK_POOL);
  const sample = samplePositions(pool.length, Math.min(input.check_num, pool.length)).map((i) => pool[i] as Sampled);
  const stored = sample.length
    ? await ctx.vectors.vectorsOf(
        datasetId,
        dataset.embdId,
        sample.map((chunk) => chunk.id),
      )
    : new Map<string, Float32Array>();

  const comparable: Comparable[] = sample.flatMap((chunk) => {
    const text = textOf(chunk);
    const vector = stored.get(chunk.id);
    return text && vector ? [{ chunk, text, stored: vector }] : [];
  });
  const found = await similaritiesOf(model, comparable);
  const byChunk = new Map(comparable.map((item, i) => [item.chunk.id, found[i]?.similarity ?? 0]));
  // in sample order: the compared chunks, and why the others could not be
  const results = sample.map((chunk): EmbeddingCheckSample => {
    const vector = stored.get(chunk.id);
    const similarity = byChunk.get(chunk.id);
    if (similarity === undefined || !vector)
      return { chunk_id: chunk.id, reason: textOf(chunk) ? "no_stored_vector" : "no_text" };
    return {
      chunk_id: chunk.id,
      doc_id: chunk.documentId,
      doc_name: chunk.docName,
      vector_field: `q_${vector.length}_vec`,
      vector_dim: vector.length,
      cos_sim: round6(similarity),
    };
  });
  const similarities = found.map((entry) => entry.similarity);
  // RAGFlow reports the last sample's mode
  const mode = found.at(-1)?.mode ?? "content_only";
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
