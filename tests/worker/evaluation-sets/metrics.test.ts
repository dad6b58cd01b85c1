import { describe, expect, it } from "vitest";
import type { EvaluationQuestionRow, EvaluationResultRow } from "../../../worker/db/schema";
import {
  firstHitRank,
  hitAt,
  ndcgAt,
  ndcgAt10,
  recall,
  recallAt100,
  reciprocalRank,
} from "../../../worker/lib/ranking-metrics.mjs";
import { factsFound, keyFacts } from "../../../worker/services/evaluation-sets/answer-check";
import { runMetrics, scoreQuestion } from "../../../worker/services/evaluation-sets/score";

const LOG2_3 = Math.log2(3);

describe("ranking metrics (shared with bench:retrieval)", () => {
  it("computes graded nDCG against the ideal order", () => {
    // gains 1, 0, 3; ideal 3, 1: (1 + 3/log2(4)) / (3 + 1/log2(3))
    expect(ndcgAt([1, 0, 3], [1, 3], 10)).toBeCloseTo((1 + 3 / 2) / (3 + 1 / LOG2_3), 10);
    expect(ndcgAt([3, 1], [1, 3], 10)).toBe(1);
    // only the first k count
    expect(ndcgAt([0, 1], [1], 1)).toBe(0);
  });

  it("scores BEIR-style id rankings as the benchmark does", () => {
    const relevant = new Map([
      ["a", 2],
      ["b", 1],
      ["z", 0],
    ]);
    expect(ndcgAt10(["b", "x", "a"], relevant)).toBeCloseTo((1 + 2 / 2) / (2 + 1 / LOG2_3), 10);
    expect(recallAt100(["a", "x"], relevant)).toBe(0.5);
  });

  it("gives ranks, hits and reciprocal ranks", () => {
    expect(firstHitRank([0, 0, 2, 1])).toBe(3);
    expect(firstHitRank([0, 0, 2], 2)).toBeNull();
    expect(hitAt(3, 1)).toBe(0);
    expect(hitAt(3, 5)).toBe(1);
    expect(hitAt(null, 10)).toBe(0);
    expect(reciprocalRank(4)).toBe(0.25);
    expect(reciprocalRank(null)).toBe(0);
    expect(recall(2, 3)).toBeCloseTo(2 / 3, 10);
  });

  it("answers 0 without expected items or without results", () => {
    expect(ndcgAt([1, 1], [], 10)).toBe(0);
    expect(ndcgAt([], [1, 2], 10)).toBe(0);
    expect(recall(0, 0)).toBe(0);
    expect(firstHitRank([])).toBeNull();
    expect(ndcgAt10([], new Map([["a", 1]]))).toBe(0);
    expect(recallAt100(["a"], new Map())).toBe(0);
  });
});

const question = (overrides: Partial<EvaluationQuestionRow>): EvaluationQuestionRow => ({
  id: "q",
  setId: "s",
  question: "?",
  expectedDocIds: [],
  expectedChunkIds: [],
  expectedText: null,
  relevance: null,
  referenceAnswer: null,
  source: "manual",
  createTime: 0,
  updateTime: 0,
  ...overrides,
});
const chunk = (id: string, documentId: string, content = "") => ({
  id,
  document_id: documentId,
  content,
  similarity: 0.5,
  document_keyword: `${documentId}.txt`,
});

describe("one question against its ranking", () => {
  it("credits an expected document once, at its first chunk", () => {
    const scored = scoreQuestion(question({ expectedDocIds: ["d1"] }), [
      chunk("x", "d2"),
      chunk("a", "d1"),
      chunk("b", "d1"),
    ]);
    expect(scored.hitRank).toBe(2);
    expect(scored.ndcgAt10).toBeCloseTo(1 / LOG2_3, 10);
    expect(scored.recallAt10).toBe(1);
    expect(scored.chunks.map((c) => c.correct)).toEqual([false, true, true]);
  });

  it("matches the expected text span lowercased with white space collapsed", () => {
    const scored = scoreQuestion(question({ expectedText: "Zwei  LITER\nWasser", expectedChunkIds: ["c9"] }), [
      chunk("c1", "d1", "Trinken Sie täglich zwei Liter   wasser."),
    ]);
    expect(scored.hitRank).toBe(1);
    // two expected items (the chunk, the span), one found
    expect(scored.recallAt10).toBe(0.5);
    expect(scored.ndcgAt10).toBeCloseTo(1 / (1 + 1 / LOG2_3), 10);
  });

  it("uses graded relevance as gains", () => {
    const scored = scoreQuestion(question({ expectedChunkIds: ["c1"], expectedDocIds: ["d2"], relevance: { d2: 3 } }), [
      chunk("c1", "d1"),
      chunk("c2", "d2"),
    ]);
    expect(scored.ndcgAt10).toBeCloseTo((1 + 3 / LOG2_3) / (3 + 1 / LOG2_3), 10);
  });

  it("counts only the first ten results", () => {
    const ranked = Array.from({ length: 12 }, (_, i) => chunk(`c${i}`, `d${i}`));
    const scored = scoreQuestion(question({ expectedChunkIds: ["c11"] }), ranked);
    expect(scored).toMatchObject({ hitRank: null, ndcgAt10: 0, recallAt10: 0 });
    expect(scored.chunks).toHaveLength(10);
  });

  it("scores no results as a miss", () => {
    expect(scoreQuestion(question({ expectedDocIds: ["d1"] }), [])).toMatchObject({
      hitRank: null,
      ndcgAt10: 0,
      recallAt10: 0,
      chunks: [],
    });
  });
});

const result = (hitRank: number | null, ndcg: number, recallAt10: number, extra: Partial<EvaluationResultRow> = {}) =>
  ({
    runId: "r",
    questionId: crypto.randomUUID(),
    position: 0,
    question: "?",
    hitRank,
    ndcgAt10: ndcg,
    recallAt10,
    chunks: [],
    answer: null,
    answerFactsFound: null,
    answerFactsTotal: null,
    citations: null,
    correctCitations: null,
    ...extra,
  }) satisfies EvaluationResultRow;

describe("a run's metrics", () => {
  it("averages over the questions", () => {
    expect(runMetrics([result(1, 1, 1), result(3, 0.5, 0.5), result(null, 0, 0), result(7, 0.25, 1)])).toEqual({
      ndcg_at_10: 0.4375,
      hit_at_1: 0.25,
      hit_at_5: 0.5,
      hit_at_10: 0.75,
      mrr: 0.369,
      recall_at_10: 0.625,
    });
  });

  it("adds answer checks over the answered questions only", () => {
    const metrics = runMetrics([
      result(1, 1, 1, { answer: "a", answerFactsFound: 1, answerFactsTotal: 2, citations: 2, correctCitations: 1 }),
      result(1, 1, 1, { answer: "b", answerFactsFound: 3, answerFactsTotal: 3, citations: 0, correctCitations: 0 }),
      result(1, 1, 1),
    ]);
    expect(metrics.answer_fact_recall).toBe(0.75);
    expect(metrics.answer_citation_precision).toBe(0.25);
  });
});

describe("key facts of a reference answer", () => {
  it("takes each sentence as one fact of content words and numbers", () => {
    const facts = keyFacts("Die Grippeimpfung wird ab 60 Jahren empfohlen. Sie kostet 99 Euro!\n\nDanke.");
    expect(facts).toHaveLength(3);
    expect(facts[1]?.numbers).toEqual(["99"]);
  });

  it("finds a fact with all its numbers and half of its words", () => {
    const facts = keyFacts("Die Grippeimpfung wird ab 60 Jahren empfohlen. Sie kostet 99 Euro.");
    expect(factsFound(facts, "Ab 60 Jahren wird die Grippeimpfung empfohlen [ID:0].")).toBe(1);
    expect(factsFound(facts, "Sie kostet 98 Euro.")).toBe(0);
    // fact 1: 60 and one of grippeimpfung, jahr(en), empfohl(en) is too few
    expect(factsFound(facts, "Grippeimpfung: 60. Kosten: 99 Euro.")).toBe(1);
    expect(factsFound(facts, "Grippeimpfung ab 60 Jahren. Kosten: 99 Euro.")).toBe(2);
  });
});
