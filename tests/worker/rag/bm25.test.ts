import { describe, expect, it } from "vitest";
import { bm25Idf, bm25Scores, fieldFrequency, occurrences } from "../../../worker/rag/bm25";

const doc = (id: string, words: string[]) => ({
  id,
  length: words.length,
  tf: (term: string) => words.filter((word) => word === term).length,
});

describe("bm25 over candidates", () => {
  it("weighs rare terms above common ones and stays positive for a term in most documents", () => {
    expect(bm25Idf(1, 100)).toBeGreaterThan(bm25Idf(10, 100));
    expect(bm25Idf(90, 100)).toBeGreaterThan(0);
    expect(bm25Idf(0, 100)).toBeGreaterThan(bm25Idf(1, 100));
    // a count above the total (a stale total) does not turn the weight negative
    expect(bm25Idf(120, 100)).toBeGreaterThan(0);
  });

  it("saturates term frequency, normalises by length and leaves out documents without a term", () => {
    const idfs = new Map([
      ["impfung", bm25Idf(2, 100)],
      ["herbst", bm25Idf(50, 100)],
    ]);
    const scores = bm25Scores(
      [
        doc("once", ["impfung", "im", "winter", "x"]),
        doc("twice", ["impfung", "impfung", "winter", "x"]),
        doc("long", ["impfung", ...Array.from({ length: 20 }, () => "x")]),
        doc("common", ["herbst", "im", "winter", "x"]),
        doc("none", ["winter", "x"]),
      ],
      idfs,
    );
    const score = (id: string) => scores.get(id) ?? 0;
    expect(score("twice")).toBeGreaterThan(score("once"));
    expect(score("twice")).toBeLessThan(2 * score("once"));
    expect(score("long")).toBeLessThan(score("once"));
    expect(score("once")).toBeGreaterThan(score("common"));
    expect(scores.has("none")).toBe(false);
  });

  it("counts words by column weight, a longer term also by its stem, as the FTS expression matches", () => {
    const fields = [
      { words: ["infiziert", "werden"], weight: 20 },
      { words: ["infizieren", "sich", "infiziert"], weight: 2 },
    ];
    expect(fieldFrequency(fields, "infizieren")).toBe(20 + 2 + 2);
    expect(fieldFrequency(fields, "sich")).toBe(2);
    expect(fieldFrequency([{ words: ["kinder"], weight: 1 }], "kind")).toBe(0);
  });

  it("counts overlapping n-gram occurrences", () => {
    expect(occurrences(" anana ", "ana")).toBe(2);
    expect(occurrences(" impfung ", "ung ")).toBe(1);
    expect(occurrences(" impfung ", "xyz")).toBe(0);
  });
});
