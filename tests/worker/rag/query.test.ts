import { describe, expect, it } from "vitest";
import { ngramExpression, queryGrams, selectiveGrams, trigramsOf } from "../../../worker/rag/query";

describe("character 4-grams of a question", () => {
  it("carry word boundaries and become quoted phrases", () => {
    expect(queryGrams(["impfung"])).toEqual([" imp", "impf", "mpfu", "pfun", "fung", "ung "]);
    expect(ngramExpression(['a"b'])).toBe('"a""b"');
    expect(trigramsOf([" imp", "impf"])).toEqual([" im", "imp", "mpf"]);
  });

  it("leave out 4-grams that cannot occur, and in a large index those whose rarer trigram is common, keeping the rarest eight", () => {
    const grams = queryGrams(["impfung", "grippeschutz", "nation"]);
    const common = new Set(["ung", "ng ", "ion", "on ", "tio", "ati"]);
    const df = new Map(trigramsOf(grams).map((trigram) => [trigram, common.has(trigram) ? 900 : 5]));
    const kept = selectiveGrams(grams, df, 1000);
    expect(kept).toContain("impf");
    expect(kept).not.toContain("ung ");
    expect(kept).not.toContain("ion ");
    const allCommon = new Map(trigramsOf(grams).map((trigram) => [trigram, 900]));
    expect(selectiveGrams(grams, allCommon, 1000)).toHaveLength(8);
    // a small index keeps every 4-gram that occurs
    expect(selectiveGrams(grams, df, 10)).toHaveLength(grams.length);
    df.set("imp", 0);
    expect(selectiveGrams(grams, df, 10)).not.toContain("impf");
  });
});
