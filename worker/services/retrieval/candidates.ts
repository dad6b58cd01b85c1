import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inChunks } from "../../lib/batches";

export type Scope = { datasetIds: string[]; documentIds: string[] };

const inList = (column: SQL, values: string[]) => sql`${column} IN (${sql.join(values.map((value) => sql`${value}`), sql`, `)})`;

// Only enabled chunks of enabled documents, inside the requested datasets (and documents).
const scopeFilter = (scope: Scope) =>
  sql.join(
    [
      inList(sql`c.dataset_id`, scope.datasetIds),
      sql`c.available = 1`,
      sql`d.enabled = 1`,
      ...(scope.documentIds.length ? [inList(sql`c.document_id`, scope.documentIds)] : []),
    ],
    sql` AND `,
  );

// Weights of the word index's columns, in its order (title, keywords, questions, content): keywords and
// questions above title above content (RAGFlow's boosts, scaled).
export const COLUMN_WEIGHTS = { doc_name: 10, important_kwd: 30, question_kwd: 20, content: 2 } as const;

// The index's own bm25 only picks the best candidates; they are scored afterwards with the collection's
// statistics (see scope-bm25.ts).
const BM25 = sql.raw(`bm25(chunks_fts, ${Object.values(COLUMN_WEIGHTS).join(", ")})`);

// The JSON list columns of a chunk (keywords, questions, tags, pages).
export const parseList = (json: string) => JSON.parse(json) as string[];

export const keywordCandidates = async (db: Db, scope: Scope, match: string, limit: number) =>
  db.all<{ id: string }>(sql`
    SELECT c.id AS id
    FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid JOIN documents d ON d.id = c.document_id
    WHERE chunks_fts MATCH ${match} AND ${scopeFilter(scope)}
    ORDER BY ${BM25} LIMIT ${limit}`);

// Per-isolate counts that may be a minute old: they only weigh terms, so staleness costs little, and a count
// asked again is a query saved.
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 50_000;

const countCache = () => {
  const entries = new Map<string, { n: number; at: number }>();
  return {
    get: (key: string, now: number) => {
      const hit = entries.get(key);
      return hit && now - hit.at < COUNT_TTL_MS ? hit.n : undefined;
    },
    set: (key: string, n: number, now: number) => {
      if (entries.size >= COUNT_CACHE_MAX) entries.clear();
      entries.set(key, { n, at: now });
    },
  };
};

const trigramCounts = countCache();
const TOTAL = "";

// Documents per trigram in the whole index, and the number of chunks: they pick which 4-grams are worth
// searching (see selectiveGrams) and bound what counting them in scope costs.
export const trigramFrequencies = async (db: Db, trigrams: string[]) => {
  const now = Date.now();
  const missing = trigrams.filter((term) => trigramCounts.get(term, now) === undefined);
  const found = new Map<string, number>();
  if (missing.length || trigramCounts.get(TOTAL, now) === undefined) {
    const rows = await db.all<{ term: string; n: number }>(sql`
      SELECT ${TOTAL} AS term, (SELECT count(*) FROM chunks) AS n
      UNION ALL
      SELECT term, doc AS n FROM chunks_trigram_vocab WHERE term IN (SELECT value FROM json_each(${JSON.stringify(missing)}))`);
    for (const row of rows) {
      found.set(row.term, row.n);
      // a trigram not found is asked again next time: it may occur in a chunk written since
      if (row.n > 0) trigramCounts.set(row.term, row.n, now);
    }
  }
  const count = (term: string) => found.get(term) ?? trigramCounts.get(term, now) ?? 0;
  return { total: count(TOTAL), df: new Map(trigrams.map((term) => [term, count(term)])) };
};

// Candidates by shared character 4-grams (see ngramExpression), best bm25 first (picked as keywordCandidates).
export const ngramCandidates = async (db: Db, scope: Scope, match: string, limit: number) =>
  db.all<{ id: string }>(sql`
    SELECT c.id AS id
    FROM chunks_trigram JOIN chunks c ON c.rowid = chunks_trigram.rowid JOIN documents d ON d.id = c.document_id
    WHERE chunks_trigram MATCH ${match} AND ${scopeFilter(scope)}
    ORDER BY bm25(chunks_trigram) LIMIT ${limit}`);

// The collection term statistics count over: every chunk of the searched datasets (the document filter and
// the enabled flags narrow the results, not the collection, as in a search engine's index).
const inCollection = (scope: Scope) => inList(sql`c.dataset_id`, scope.datasetIds);

// Document frequency of each term (as a word) in the collection, and the collection's chunk count: one
// statement, a count per term.
export const termStatistics = async (db: Db, scope: Scope, terms: string[]) => {
  // one statement for all terms (D1 refuses compound SELECTs of more than a few parts)
  const rows = await db.all<{ term: string; n: number }>(sql`
    SELECT '' AS term, (SELECT count(*) FROM chunks c WHERE ${inCollection(scope)}) AS n
    UNION ALL
    SELECT t.value AS term, (
      SELECT count(*) FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
      WHERE chunks_fts MATCH '"' || replace(t.value, '"', '""') || '"' AND ${inCollection(scope)}
    ) AS n
    FROM json_each(${JSON.stringify(terms)}) t`);
  const [total, ...perTerm] = rows;
  return { total: total?.n ?? 0, df: new Map(perTerm.map((row) => [row.term, row.n])) };
};

const gramCounts = countCache();
// At most this many index entries are visited to count 4-grams in the collection; past it, a 4-gram's count is
// estimated from the whole index (the commonest ones, whose weight is small anyway).
const GRAM_COUNT_BUDGET = 20_000;

// Chunks of the collection holding each 4-gram. `upperBound` is a 4-gram's count in the whole index (its rarer
// trigram's), the cost of counting it; rarer 4-grams are counted first.
export const gramStatistics = async (db: Db, scope: Scope, grams: string[], upperBound: (gram: string) => number, share: number) => {
  const now = Date.now();
  const key = (gram: string) => `${scope.datasetIds.join(",")}\u0000${gram}`;
  const counts = new Map<string, number>();
  const toCount: string[] = [];
  let budget = GRAM_COUNT_BUDGET;
  for (const gram of grams.toSorted((a, b) => upperBound(a) - upperBound(b))) {
    const cached = gramCounts.get(key(gram), now);
    if (cached !== undefined) counts.set(gram, cached);
    else if (upperBound(gram) <= budget) {
      toCount.push(gram);
      budget -= upperBound(gram);
    } else counts.set(gram, Math.round(upperBound(gram) * share));
  }
  if (toCount.length) {
    const rows = await db.all<{ term: string; n: number }>(sql`
      SELECT t.value AS term, (
        SELECT count(*) FROM chunks_trigram JOIN chunks c ON c.rowid = chunks_trigram.rowid
        WHERE chunks_trigram MATCH '"' || replace(t.value, '"', '""') || '"' AND ${inCollection(scope)}
      ) AS n
      FROM json_each(${JSON.stringify(toCount)}) t`);
    for (const row of rows) {
      counts.set(row.term, row.n);
      gramCounts.set(key(row.term), row.n, now);
    }
  }
  return counts;
};

export type CandidateRow = {
  id: string;
  content: string;
  document_id: string;
  dataset_id: string;
  doc_name: string;
  important_kwd: string;
  question_kwd: string;
  tag_kwd: string;
  page_num_int: string;
};

export const loadCandidates = async (db: Db, scope: Scope, ids: string[]) => {
  const parts = await Promise.all(
    inChunks(ids).map((part) =>
      db.all<CandidateRow>(sql`
        SELECT c.id, c.content, c.document_id, c.dataset_id, c.doc_name, c.important_kwd, c.question_kwd, c.tag_kwd, c.page_num_int
        FROM chunks c JOIN documents d ON d.id = c.document_id
        WHERE ${inList(sql`c.id`, part)} AND ${scopeFilter(scope)}`),
    ),
  );
  return parts.flat();
};
