import type { RetrievedChunk } from "../../contract/retrieval";
import type { DialogRow } from "../../db/schema";
import {
  citedIndexes,
  insertCitations,
  keepValidCitations,
  placedCitations,
  repairCitations,
  type SimilarityOf,
  termSimilarityOf,
} from "../../rag/chat/citations";
import { citationPlacementPrompt } from "../../rag/chat/prompts";
import { dot } from "../../rag/vector-math";
import type { ChatMessage } from "../../platform/providers/types";
import type { ServiceContext } from "../context";
import { resolveEmbedding } from "../models/resolve";

const SENTENCE = /[^.!?。！？\n]+[.!?。！？]*\s*|\n+/g;

// RAGFlow's hybrid sentence–chunk similarity for inserted citations: (1 − w)·term + w·cosine with the
// datasets' embedding model; term similarity alone if the embedding call fails.
export type CitationBasis = Pick<DialogRow, "tenantId" | "datasetIds" | "vectorSimilarityWeight">;

export const citationSimilarity = async (
  ctx: ServiceContext,
  dialog: CitationBasis,
  answer: string,
  chunks: RetrievedChunk[],
): Promise<SimilarityOf> => {
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
      return (1 - w) * term(sentence, i) + (a && b ? w * Math.max(0, dot(a, b)) : 0);
    };
  } catch {
    return term;
  }
};

const THINK_END = "</think>";

// Asks the chat model to place citations ("LLM for quotes"); its reply is the answer with markers.
export type PlaceCitations = (messages: ChatMessage[]) => Promise<string>;

// Citations apply to the answer proper, not to a model's <think> block: the [ID:n] it wrote are repaired and kept
// in range. Where it cited nothing, `placeWith` lets the model place them (kept only if it changed nothing else),
// else they are inserted by similarity when `insertBy` is given (a model wrote it).
export const citeAnswer = async (
  ctx: ServiceContext,
  answer: string,
  chunks: RetrievedChunk[],
  insertBy: CitationBasis | null,
  placeWith?: PlaceCitations,
) => {
  const thinkEnd = answer.lastIndexOf(THINK_END);
  const thinking = thinkEnd >= 0 ? answer.slice(0, thinkEnd + THINK_END.length) : "";
  let body = thinkEnd >= 0 ? answer.slice(thinkEnd + THINK_END.length) : answer;
  if (chunks.length === 0) return { thinking, body };
  body = keepValidCitations(repairCitations(body, chunks.length), chunks.length);
  if (citedIndexes(body).length > 0 || !body.trim()) return { thinking, body };
  const placed = placeWith ? await modelCitations(placeWith, body, chunks) : null;
  if (placed) return { thinking, body: placed };
  if (insertBy) body = insertCitations(body, chunks.length, await citationSimilarity(ctx, insertBy, body, chunks));
  return { thinking, body };
};

const modelCitations = async (placeWith: PlaceCitations, body: string, chunks: RetrievedChunk[]) => {
  try {
    const placed = placedCitations(
      body,
      await placeWith(
        citationPlacementPrompt(
          body,
          chunks.map((chunk) => chunk.content),
        ),
      ),
      chunks.length,
    );
    return placed && citedIndexes(placed).length > 0 ? placed : null;
  } catch {
    return null;
  }
};
