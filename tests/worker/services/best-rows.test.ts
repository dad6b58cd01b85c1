import { describe, expect, it } from "vitest";
import { bestRows } from "../../../worker/platform/vectors";

const bySorting = (scores: Float64Array, k: number) =>
  [...scores.keys()]
    .filter((row) => scores[row] !== -Infinity)
    .toSorted((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b)
    .slice(0, k);

describe("local vector index: the k best rows", () => {
  it("matches a full sort, best first, and leaves out rows the filter excluded", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const scores = Float64Array.from({ length: 5000 }, (_, row) =>
      row % 7 === 0 ? -Infinity : Math.round(random() * 1000) / 1000,
    );
    for (const k of [1, 10, 100]) expect(bestRows(scores, k)).toEqual(bySorting(scores, k));
  });

  it("returns every scored row when fewer than k are left", () => {
    const scores = Float64Array.from([0.2, -Infinity, 0.9, 0.5]);
    expect(bestRows(scores, 10)).toEqual([2, 3, 0]);
    expect(bestRows(new Float64Array(0), 5)).toEqual([]);
  });
});
