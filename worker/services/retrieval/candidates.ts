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

// bm25 column weights: keywords and questions above title above content (RAGFlow's boosts, scaled).
const BM25 = sql`bm25(chunks_fts, 10.0, 30.0, 20.0, 2.0)`;

export const keywordCandidates = async (db: Db, scope: Scope, match: string, limit: number) =>
  db.all<{ id: string; score: number }>(sql`
    SELECT c.id AS id, -${BM25} AS score
    FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid JOIN documents d ON d.id = c.document_id
    WHERE chunks_fts MATCH ${match} AND ${scopeFilter(scope)}
    ORDER BY ${BM25} LIMIT ${limit}`);

// Documents per trigram in the whole index (as bm25 counts them), and the number of chunks. They only pick
// which 4-grams are worth searching, so each isolate reuses them for a minute instead of asking every time.
// A trigram not found is asked again next time: it may occur in a chunk written since.
const FREQUENCY_TTL_MS = 60_000;
const FREQUENCY_CACHE_MAX = 50_000;
const frequencyCache = new Map<string, { n: number; at: number }>();
const TOTAL = "";

export const trigramFrequencies = async (db: Db, trigrams: string[]) => {
  const now = Date.now();
  const fresh = (term: string) => {
    const hit = frequencyCache.get(term);
    return hit && now - hit.at < FREQUENCY_TTL_MS ? hit : undefined;
  };
  const missing = trigrams.filter((term) => !fresh(term));
  const found = new Map<string, number>();
  if (missing.length || !fresh(TOTAL)) {
    const rows = await db.all<{ term: string; n: number }>(sql`
      SELECT ${TOTAL} AS term, (SELECT count(*) FROM chunks) AS n
      UNION ALL
      SELECT term, doc AS n FROM chunks_trigram_vocab WHERE term IN (SELECT value FROM json_each(${JSON.stringify(missing)}))`);
    if (frequencyCache.size + missing.length > FREQUENCY_CACHE_MAX) frequencyCache.clear();
    for (const row of rows) {
      found.set(row.term, row.n);
      frequencyCache.set(row.term, { n: row.n, at: now });
    }
  }
  const count = (term: string) => found.get(term) ?? fresh(term)?.n ?? 0;
  return { total: count(TOTAL), df: new Map(trigrams.map((term) => [term, count(term)])) };
};

// Candidates by shared character 4-grams (see ngramExpression), best bm25 first.
export const ngramCandidates = async (db: Db, scope: Scope, match: string, limit: number) =>
  db.all<{ id: string; score: number }>(sql`
    SELECT c.id AS id, -bm25(chunks_trigram) AS score
    FROM chunks_trigram JOIN chunks c ON c.rowid = chunks_trigram.rowid JOIN documents d ON d.id = c.document_id
    WHERE chunks_trigram MATCH ${match} AND ${scopeFilter(scope)}
    ORDER BY bm25(chunks_trigram) LIMIT ${limit}`);

// Document frequency of each term in scope and the scope's chunk count, for idf term weights:
// one round trip (a UNION ALL of one count per term) instead of one query per term.
export const termStatistics = async (db: Db, scope: Scope, terms: string[]) => {
  // one statement for all terms (D1 refuses compound SELECTs of more than a few parts)
  const rows = await db.all<{ term: string; n: number }>(sql`
    SELECT '' AS term, (SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id WHERE ${scopeFilter(scope)}) AS n
    UNION ALL
    SELECT t.value AS term, (
      SELECT count(*) FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid JOIN documents d ON d.id = c.document_id
      WHERE chunks_fts MATCH '"' || replace(t.value, '"', '""') || '"' AND ${scopeFilter(scope)}
    ) AS n
    FROM json_each(${JSON.stringify(terms)}) t`);
  const [total, ...perTerm] = rows;
  return { total: total?.n ?? 0, df: new Map(perTerm.map((row) => [row.term, row.n])) };
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
