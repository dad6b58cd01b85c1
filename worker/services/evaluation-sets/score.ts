import type { EvaluationMetrics, EvaluationResultChunk } from "../../contract/evaluation-sets";
import type { EvaluationQuestionRow, EvaluationResultRow } from "../../db/schema";
import { firstHitRank, hitAt, mean, ndcgAt, recall, reciprocalRank } from "../../lib/ranking-metrics.mjs";

export const RANKED = 10;
const CONTENT_KEPT = 2000;

type Chunk = { id: string; document_id: string; content: string };

// lowercase, white space collapsed
export const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

type Item = { key: string; grade: number; covers: (chunk: Chunk) => boolean };

// What a question expects, one item each: every expected chunk, every expected document, the text span.
const expectedItems = (question: EvaluationQuestionRow): Item[] => {
  const grade = (id: string) => question.relevance?.[id] ?? 1;
  const span = question.expectedText ? normalised(question.expectedText) : "";
  return [
    ...question.expectedChunkIds.map((id) => ({ key: `c:${id}`, grade: grade(id), covers: (c: Chunk) => c.id === id })),
    ...question.expectedDocIds.map((id) => ({
      key: `d:${id}`,
      grade: grade(id),
      covers: (c: Chunk) => c.document_id === id,
    })),
    ...(span ? [{ key: "text", grade: 1, covers: (c: Chunk) => normalised(c.content).includes(span) }] : []),
  ];
};

// Whether a chunk is a correct hit for the question (any expected item covers it).
export const correctnessOf = (question: EvaluationQuestionRow) => {
  const items = expectedItems(question);
  return (chunk: Chunk) => items.some((item) => item.covers(chunk));
};

// One question against its ranked chunks (the first 10 count). Each expected item is credited once, at the first
// chunk that covers it; a chunk's gain is the highest grade among the items it is first to cover, so several
// chunks of one expected document count once and nDCG stays within 0..1.
export const scoreQuestion = (
  question: EvaluationQuestionRow,
  ranked: (Chunk & { similarity: number; document_keyword: string })[],
) => {
  const items = expectedItems(question);
  const credited = new Set<string>();
  const top = ranked.slice(0, RANKED);
  const judged = top.map((chunk) => {
    const covering = items.filter((item) => item.covers(chunk));
    const fresh = covering.filter((item) => !credited.has(item.key));
    for (const item of fresh) credited.add(item.key);
    return { correct: covering.length > 0, gain: Math.max(0, ...fresh.map((item) => item.grade)) };
  });
  const chunks: EvaluationResultChunk[] = top.map((chunk, i) => ({
    id: chunk.id,
    document_id: chunk.document_id,
    document_name: chunk.document_keyword,
    content: chunk.content.slice(0, CONTENT_KEPT),
    similarity: chunk.similarity,
    correct: judged[i]?.correct ?? false,
  }));
  return {
    hitRank: firstHitRank(judged.map((entry) => (entry.correct ? 1 : 0))),
    ndcgAt10: ndcgAt(
      judged.map((entry) => entry.gain),
      items.map((item) => item.grade),
      RANKED,
    ),
    recallAt10: recall(credited.size, items.length),
    chunks,
  };
};

const round = (value: number) => Math.round(value * 10_000) / 10_000;

// A run's metrics: the mean over its questions; answer checks over the questions that were answered.
export const runMetrics = (results: EvaluationResultRow[]): EvaluationMetrics => {
  const ranks = results.map((result) => result.hitRank);
  const metrics: EvaluationMetrics = {
    ndcg_at_10: round(mean(results.map((result) => result.ndcgAt10))),
    hit_at_1: round(mean(ranks.map((rank) => hitAt(rank, 1)))),
    hit_at_5: round(mean(ranks.map((rank) => hitAt(rank, 5)))),
    hit_at_10: round(mean(ranks.map((rank) => hitAt(rank, 10)))),
    mrr: round(mean(ranks.map(reciprocalRank))),
    recall_at_10: round(mean(results.map((result) => result.recallAt10))),
  };
  const answered = results.filter((result) => result.answer !== null);
  if (answered.length === 0) return metrics;
  const withFacts = answered.filter((result) => (result.answerFactsTotal ?? 0) > 0);
  return {
    ...metrics,
    answer_fact_recall: round(
      mean(withFacts.map((result) => (result.answerFactsFound ?? 0) / (result.answerFactsTotal ?? 1))),
    ),
    answer_citation_precision: round(
      mean(answered.map((result) => (result.citations ? (result.correctCitations ?? 0) / result.citations : 0))),
    ),
  };
};
