import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inJsonList } from "../../lib/batches";

export type Scope = { datasetIds: string[]; documentIds: string[] };

// Only enabled chunks of enabled documents, inside the requested datasets (and documents).
const scopeFilter = (scope: Scope) =>
  sql.join(
    [
      inJsonList(sql`c.dataset_id`, scope.datasetIds),
      sql`c.available = 1`,
      sql`d.enabled = 1`,
      // one JSON parameter, however many documents a metadata filter picked
      ...(scope.documentIds.length ? [inJsonList(sql`c.document_id`, scope.documentIds)] : []),
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

// Rows of tag sets (their content and tags) whose content best matches, picked as keywordCandidates picks.
export const matchingTagRows = async (db: Db, scope: Scope, match: string, limit: number) =>
  db.all<{ content: string; tag_kwd: string }>(sql`
    SELECT c.content AS content, c.tag_kwd AS tag_kwd
    FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid JOIN documents d ON d.id = c.document_id
    WHERE chunks_fts MATCH ${`content : (${match})`} AND ${scopeFilter(scope)}
    ORDER BY ${BM25} LIMIT ${limit}`);

// How often each tag is used by the enabled rows of tag sets.
export const tagCounts = async (db: Db, scope: Scope) =>
  db.all<{ tag: string; n: number }>(sql`
    SELECT t.value AS tag, count(*) AS n
    FROM chunks c JOIN documents d ON d.id = c.document_id, json_each(c.tag_kwd) t
    WHERE ${scopeFilter(scope)}
    GROUP BY t.value`);

// Per-isolate statistics that may be a minute old: they only weigh terms, so staleness costs little, and a
// count asked again is a query saved.
const STATISTICS_TTL_MS = 60_000;

export const statisticsCache = <T>(maxEntries: number) => {
  const entries = new Map<string, { value: T; at: number }>();
  return {
    get: (key: string, now: number) => {
      const hit = entries.get(key);
      return hit && now - hit.at < STATISTICS_TTL_MS ? hit.value : undefined;
    },
    set: (key: string, value: T, now: number) => {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, at: now });
    },
  };
};

export const COUNT_CACHE_MAX = 50_000;

const trigramCounts = statisticsCache<number>(COUNT_CACHE_MAX);
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
const inCollection = (scope: Scope) => inJsonList(sql`c.dataset_id`, scope.datasetIds);

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

// Chunks of the collection holding each 4-gram, one statement (see gram-statistics.ts for which are counted).
export const countGrams = async (db: Db, scope: Scope, grams: string[]) =>
  db.all<{ term: string; n: number }>(sql`
    SELECT t.value AS term, (
      SELECT count(*) FROM chunks_trigram JOIN chunks c ON c.rowid = chunks_trigram.rowid
      WHERE chunks_trigram MATCH '"' || replace(t.value, '"', '""') || '"' AND ${inCollection(scope)}
    ) AS n
    FROM json_each(${JSON.stringify(grams)}) t`);

// Up to `limit` chunks of the collection; ids are random, so the first by id are a fair sample.
export const sampleCollection = async (db: Db, scope: Scope, limit: number) =>
  db.all<TextFields>(sql`
    SELECT c.doc_name, c.important_kwd, c.question_kwd, c.content, c.summary FROM chunks c
    WHERE ${inCollection(scope)} ORDER BY c.id LIMIT ${limit}`);

export type CandidateRow = {
  id: string;
  content: string;
  document_id: string;
  dataset_id: string;
  doc_name: string;
  important_kwd: string;
  question_kwd: string;
  tag_kwd: string;
  tag_feas: string;
  page_num_int: string;
  position_int: string;
  image_id: string;
  mom_id: string;
  mom_content: string;
  // an ingestion pipeline's summary, matched with the content
  summary: string;
};

// The text a chunk is matched on (what the trigram index holds).
export type TextFields = Pick<CandidateRow, "doc_name" | "important_kwd" | "question_kwd" | "content" | "summary">;

// One statement for any number of ids (a JSON list is one bound parameter).
export const loadCandidates = async (db: Db, scope: Scope, ids: string[]) =>
  ids.length
    ? db.all<CandidateRow>(sql`
        SELECT c.id, c.content, c.document_id, c.dataset_id, c.doc_name, c.important_kwd, c.question_kwd, c.tag_kwd, c.tag_feas, c.page_num_int, c.position_int, c.image_id, c.mom_id, c.mom_content, c.summary
        FROM chunks c JOIN documents d ON d.id = c.document_id
        WHERE c.id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND ${scopeFilter(scope)}`)
    : [];
