import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const DATASETS_DIR = fileURLToPath(new URL("../../../shared/datasets/", import.meta.url));

const jsonl = (path) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

// BEIR layout: corpus.jsonl, queries.jsonl, qrels/test.tsv (see shared/datasets/README.md).
export const loadBeir = (dir) => {
  const corpus = jsonl(`${DATASETS_DIR}${dir}/corpus.jsonl`);
  const queries = jsonl(`${DATASETS_DIR}${dir}/queries.jsonl`);
  const qrels = new Map();
  for (const line of readFileSync(`${DATASETS_DIR}${dir}/qrels/test.tsv`, "utf8").split("\n").slice(1)) {
    if (!line) continue;
    const [query, doc, score] = line.split("\t");
    if (!qrels.has(query)) qrels.set(query, new Map());
    qrels.get(query).set(doc, Number(score));
  }
  return {
    corpus,
    queries: queries.filter((query) => qrels.has(query._id) && [...qrels.get(query._id).values()].some((s) => s > 0)),
    qrels,
  };
};

// nDCG@10 with linear graded gains (trec_eval), Recall@100: the metric code quality test sets use too.
export { mean, ndcgAt10, recallAt100 } from "../../worker/lib/ranking-metrics.mjs";

export const percentile = (values, p) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
