import { and, eq, inArray } from "drizzle-orm";
import { defaultParserConfig, type StoredParserConfig } from "../../contract/parser-config";
import type { Db } from "../../db/client";
import { datasets } from "../../db/schema";
import { HEX_ID } from "../../contract/pydantic";
import { dataError } from "../../lib/errors";
import { analyzeQuery, chunkText, hasTerm, topicWords } from "../../lib/terms";
import { ftsExpression } from "../../rag/query";
import { contentTerms, minimumShouldMatch, tagFeatures, tagShares, type TagFeatures } from "../../rag/tags";
import { matchingTagRows, parseList, type Scope, statisticsCache, tagCounts } from "../keyword-index/candidates";
import { rowsInChunks } from "../../lib/batches";

// the best-matching rows whose tags are counted (RAGFlow's full-text top 100)
const MATCHED_ROWS = 100;

export type TagSet = { scope: Scope; shares: Map<string, number>; tags: string[]; topN: number };

// Of the tag sets a parser_config names, those it may use: datasets of the same team with the Tag method.
export const usableTagSetIds = async (db: Db, tenantId: string, ids: string[]) =>
  (
    await rowsInChunks(ids, (part) =>
      db
        .select({ id: datasets.id })
        .from(datasets)
        .where(and(eq(datasets.tenantId, tenantId), eq(datasets.parserId, "tag"), inArray(datasets.id, part))),
    )
  ).map((row) => row.id);

// A parser_config may name only tag sets it can use (never the dataset itself). A string that is no id at all
// ("1") cannot name a knowledge base: RAGFlow stores it, and parsing ignores it.
export const assertUsableTagSets = async (db: Db, tenantId: string, ids: string[], datasetId?: string) => {
  const named = ids.filter((id) => HEX_ID.test(id));
  const usable = new Set(await usableTagSetIds(db, tenantId, named));
  const refused = named.find((id) => id === datasetId || !usable.has(id));
  if (refused) throw dataError(`Tag set ${refused} is not a knowledge base of this team with the chunk method "tag".`);
};

// A tag set's shares are statistics like the term counts: read at most once a minute per isolate, not on every
// question (counting reads every row of the set).
const tagSets = statisticsCache<TagSet>(1000);

// The tag sets with their tags' shares; null when they hold no tagged row.
export const loadTagSet = async (db: Db, tenantId: string, ids: string[], topN: number): Promise<TagSet | null> => {
  const key = `${tenantId}:${ids.toSorted().join(",")}:${topN}`;
  const cached = tagSets.get(key, Date.now());
  if (cached) return cached;
  const usable = await usableTagSetIds(db, tenantId, ids);
  if (usable.length === 0) return null;
  const scope = { datasetIds: usable, documentIds: [] };
  const counts = new Map((await tagCounts(db, scope)).map((row) => [row.tag, row.n]));
  if (counts.size === 0) return null;
  const set = { scope, shares: tagShares(counts), tags: [...counts.keys()], topN };
  tagSets.set(key, set, Date.now());
  return set;
};

// Tag uses among the best-matching rows that share at least `minMatch` of the terms.
const matchedTags = async (db: Db, set: TagSet, terms: string[], minMatch: number) => {
  const counts = new Map<string, number>();
  if (terms.length === 0) return counts;
  for (const row of await matchingTagRows(db, set.scope, ftsExpression(terms), MATCHED_ROWS)) {
    const text = chunkText([row.content]);
    const shared = terms.filter((term) => hasTerm(text, term)).length;
    if (shared < minMatch) continue;
    for (const tag of parseList(row.tag_kwd)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
};

// A chunk's tags: rows sharing several of its most frequent words vote.
export const contentTags = async (db: Db, set: TagSet, content: string): Promise<TagFeatures> => {
  const terms = contentTerms(topicWords(content));
  return tagFeatures(await matchedTags(db, set, terms, minimumShouldMatch(terms.length)), set.shares, set.topN);
};

// A question's tags: rows sharing any of its words vote.
export const questionTags = async (db: Db, set: TagSet, question: string): Promise<TagFeatures> =>
  tagFeatures(await matchedTags(db, set, analyzeQuery(question).terms, 1), set.shares, set.topN);

const tagSetIdsOf = (dataset: { parserConfig: StoredParserConfig }) => dataset.parserConfig.tag_kb_ids ?? [];

// The question's tags from the tag sets of the searched datasets ({} when none has any), with the first such
// dataset's topn_tags.
export const questionTagsOf = async (
  db: Db,
  searched: { tenantId: string; parserConfig: StoredParserConfig }[],
  question: string,
): Promise<TagFeatures> => {
  const withSets = searched.filter((dataset) => tagSetIdsOf(dataset).length > 0);
  const first = withSets[0];
  if (!first) return {};
  const set = await loadTagSet(
    db,
    first.tenantId,
    [...new Set(withSets.flatMap(tagSetIdsOf))],
    first.parserConfig.topn_tags ?? defaultParserConfig().topn_tags,
  );
  return set ? questionTags(db, set, question) : {};
};
