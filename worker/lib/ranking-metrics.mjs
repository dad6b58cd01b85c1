// Ranking metrics, one implementation for quality test sets (worker/services/evaluation-sets) and
// `npm run bench:retrieval` (scripts/bench): plain JavaScript, so Node runs the bench scripts without a build.
// Types: ranking-metrics.d.mts.

const discount = (rank) => Math.log2(rank + 1);

// DCG over the first k gains (linear gains, as trec_eval): rank 1 counts in full, rank r by 1/log2(r + 1).
export const dcgAt = (gains, k) => gains.slice(0, k).reduce((sum, gain, i) => sum + gain / discount(i + 1), 0);

// nDCG@k: the ranking's DCG over the best DCG the expected grades allow; 0 without expected items.
export const ndcgAt = (gains, expectedGrades, k) => {
  const ideal = dcgAt(
    expectedGrades.filter((grade) => grade > 0).toSorted((a, b) => b - a),
    k,
  );
  return ideal > 0 ? dcgAt(gains, k) / ideal : 0;
};

// 1-based rank of the first result with a gain within the first k, or null.
export const firstHitRank = (gains, k = Number.POSITIVE_INFINITY) => {
  const index = gains.slice(0, k).findIndex((gain) => gain > 0);
  return index < 0 ? null : index + 1;
};

export const hitAt = (rank, k) => (rank !== null && rank <= k ? 1 : 0);

export const reciprocalRank = (rank) => (rank === null ? 0 : 1 / rank);

// Share of the expected items found; 0 without expected items.
export const recall = (found, expected) => (expected > 0 ? found / expected : 0);

export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

// Ranked ids against graded relevance (id → grade, BEIR's qrels), as the benchmarks score them.
export const ndcgAt10 = (ranked, relevant) =>
  ndcgAt(
    ranked.map((id) => relevant.get(id) ?? 0),
    [...relevant.values()],
    10,
  );

export const recallAtK = (ranked, relevant, k) => {
  const wanted = [...relevant].filter(([, grade]) => grade > 0).map(([id]) => id);
  const top = new Set(ranked.slice(0, k));
  return recall(wanted.filter((id) => top.has(id)).length, wanted.length);
};

export const recallAt100 = (ranked, relevant) => recallAtK(ranked, relevant, 100);
