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

// nDCG@10 with linear graded gains (trec_eval), Recall@100.
export const ndcgAt10 = (ranked, relevant) => {
  const dcg = ranked.slice(0, 10).reduce((sum, doc, i) => sum + (relevant.get(doc) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...relevant.values()]
    .filter((g) => g > 0)
    .toSorted((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
};

export const recallAt100 = (ranked, relevant) => {
  const wanted = [...relevant].filter(([, g]) => g > 0).map(([doc]) => doc);
  const top = new Set(ranked.slice(0, 100));
  return wanted.length ? wanted.filter((doc) => top.has(doc)).length / wanted.length : 0;
};

export const mean = (values) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

export const percentile = (values, p) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
