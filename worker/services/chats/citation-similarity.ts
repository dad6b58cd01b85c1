import type { RetrievedChunk } from "../../contract/retrieval";
import type { DialogRow } from "../../db/schema";
import { type SimilarityOf, termSimilarityOf } from "../../rag/chat/citations";
import type { ServiceContext } from "../context";
import { resolveEmbedding } from "../models/resolve";

const cosine = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
};

const SENTENCE = /[^.!?。！？\n]+[.!?。！？]*\s*|\n+/g;

// RAGFlow's hybrid sentence–chunk similarity for inserted citations: (1 − w)·term + w·cosine with the
// datasets' embedding model; term similarity alone if the embedding call fails.
export const citationSimilarity = async (ctx: ServiceContext, dialog: Pick<DialogRow, "tenantId" | "datasetIds" | "vectorSimilarityWeight">, answer: string, chunks: RetrievedChunk[]): Promise<SimilarityOf> => {
  const term = termSimilarityOf(chunks.map((chunk) => chunk.content));
  const w = dialog.vectorSimilarityWeight;
  const dataset = await ctx.db.query.datasets.findFirst({ where: (t, { eq }) => eq(t.id, dialog.datasetIds[0] ?? "") });
  if (!dataset || w === 0) return term;
  try {
    const model = await resolveEmbedding(ctx, dialog.tenantId, dataset.embdId);
    const sentences = answer.match(SENTENCE) ?? [];
    const vectors = await model.embed([...chunks.map((chunk) => chunk.content), ...sentences]);
    const chunkVectors = vectors.slice(0, chunks.length);
    const sentenceVectors = new Map(sentences.map((sentence, i) => [sentence, vectors[chunks.length + i]]));
    return (sentence, i) => {
      const a = sentenceVectors.get(sentence);
      const b = chunkVectors[i];
      return (1 - w) * term(sentence, i) + (a && b ? w * Math.max(0, cosine(a, b)) : 0);
    };
  } catch {
    return term;
  }
};
