import type { Db } from "../../db/client";
import {
  COUNT_CACHE_MAX,
  countGrams,
  sampleCollection,
  type Scope,
  statisticsCache,
  type TextFields,
} from "./candidates";
import { gramText, weightedFields } from "./scope-bm25";

// Chunks of the collection read to estimate the commonest 4-grams; a collection this small is read whole,
// and then every count is exact.
const SAMPLE_SIZE = 500;
// At most this many index entries are visited to count 4-grams exactly; the rarest are counted first (their
// weight is the largest and a sample would miss them), the commonest past the budget are estimated.
const GRAM_COUNT_BUDGET = 20_000;
const GRAM = 4;

type Sample = { size: number; df: Map<string, number> };

const samples = statisticsCache<Sample>(16);
const gramCounts = statisticsCache<number>(COUNT_CACHE_MAX);

// Chunks of the sample holding each 4-gram that can start or end a query word's 4-grams (no space inside).
const sampleFrequencies = (rows: TextFields[]) => {
  const df = new Map<string, number>();
  for (const row of rows) {
    const text = gramText(weightedFields(row));
    const seen = new Set<string>();
    for (let i = 0; i + GRAM <= text.length; i++) {
      if (text[i + 1] === " " || text[i + 2] === " ") continue;
      seen.add(text.slice(i, i + GRAM));
    }
    for (const gram of seen) df.set(gram, (df.get(gram) ?? 0) + 1);
  }
  return { size: rows.length, df };
};

const collectionKey = (scope: Scope) => scope.datasetIds.toSorted().join(",");

const collectionSample = async (db: Db, scope: Scope, size: number, now: number) => {
  const key = `${collectionKey(scope)}:${size}`;
  const cached = samples.get(key, now);
  if (cached) return cached;
  const sample = sampleFrequencies(await sampleCollection(db, scope, size));
  samples.set(key, sample, now);
  return sample;
};

// Chunks of the collection (`collectionSize` of them) holding each 4-gram, from the searched datasets alone:
// exact from the sample when it is the whole collection; otherwise exact for the rarer 4-grams (by
// `upperBound`, a 4-gram's count in the whole index and so the cost of counting it) and scaled from the
// sample for the commonest (read only when some are). Which are counted depends on the query only, not on what
// the cache holds.
export const gramStatistics = async (
  db: Db,
  scope: Scope,
  grams: string[],
  upperBound: (gram: string) => number,
  collectionSize: number,
  limits = { sample: SAMPLE_SIZE, budget: GRAM_COUNT_BUDGET },
) => {
  const now = Date.now();
  if (collectionSize <= limits.sample) {
    const whole = await collectionSample(db, scope, limits.sample, now);
    return new Map(grams.map((gram) => [gram, whole.df.get(gram) ?? 0]));
  }

  const key = (gram: string) => `${collectionKey(scope)}\u0000${gram}`;
  const counts = new Map<string, number>();
  const toCount: string[] = [];
  const toEstimate: string[] = [];
  let budget = limits.budget;
  for (const gram of grams.toSorted((a, b) => upperBound(a) - upperBound(b))) {
    if (upperBound(gram) > budget) {
      toEstimate.push(gram);
      continue;
    }
    budget -= upperBound(gram);
    const cached = gramCounts.get(key(gram), now);
    if (cached === undefined) toCount.push(gram);
    else counts.set(gram, cached);
  }
  if (toEstimate.length) {
    const sample = await collectionSample(db, scope, limits.sample, now);
    for (const gram of toEstimate) {
      const share = Math.max(sample.df.get(gram) ?? 0, 0.5) / Math.max(1, sample.size);
      counts.set(gram, Math.min(upperBound(gram), Math.round(share * collectionSize)));
    }
  }
  if (toCount.length) {
    for (const row of await countGrams(db, scope, toCount)) {
      counts.set(row.term, row.n);
      gramCounts.set(key(row.term), row.n, now);
    }
  }
  return counts;
};
