import { and, inArray } from "drizzle-orm";
import type { RetrievalInput, RetrievalResult, RetrievedChunk } from "../../contract/retrieval";
import { datasets } from "../../db/schema";
import { AppError, dataError, RetCode } from "../../lib/errors";
import type { ChatModel, EmbeddingModel, TokenUsage } from "../../platform/providers/types";
import { analyzeQuery, chunkText, idf, termSimilarity } from "../../lib/terms";
import { foldForMatching } from "../../lib/text";
import {
  ftsExpression,
  gramFrequencyBound,
  highlight,
  ngramExpression,
  queryGrams,
  selectiveGrams,
  trigramsOf,
} from "../../rag/query";
import { keywordPrompt, parseKeywords } from "../../rag/enrich";
import { crossLanguagesPrompt, parseTranslations } from "../../rag/cross-languages";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";
import { teamChatModel } from "../models/team-chat-model";
import { resolveEmbedding, resolveModel } from "../models/resolve";
import { addUsage, recordUsage } from "../models/usage";
import { tagCosine, type TagFeatures } from "../../rag/tags";
import { questionTagsOf } from "../tags/tag-sets";
import { knowledgeGraphChunk } from "../graph/retrieve";
import {
  type CandidateRow,
  parseList as parse,
  keywordCandidates,
  loadCandidates,
  ngramCandidates,
  type Scope,
  termStatistics,
  trigramFrequencies,
} from "../keyword-index/candidates";
import { gramStatistics } from "../keyword-index/gram-statistics";
import { documentsByMetadata } from "../scope/metadata";
import { gramBm25, gramCountsOf, gramShareOf, gramText, weightedFields, wordBm25 } from "../keyword-index/scope-bm25";
import { withImageUrls } from "../scope/chunk-image";
import { aboveFloor } from "../../rag/vector-math";
import { rowsInChunks } from "../../lib/batches";
import { answeredPositions } from "../../rag/chunk/positions";

// The keyword score mixes term coverage (RAGFlow's token similarity), word bm25 and character 4-gram bm25,
// each bm25 computed over the candidates with the searched datasets' statistics and squashed to 0..1 against
// the best candidate.
const COVERAGE_SHARE = 0.2;
const WORD_BM25_SHARE = 0.1;
const NGRAM_BM25_SHARE = 0.7;
const PAGERANK_BOOST = 0.1;
const TAG_BOOST = 0.1;
const RESCORE_WINDOW = 64;

// matched: found by the word index or with a query word in its text (what keyword-only search keeps)
type Scored = { row: CandidateRow; term: number; vector: number; score: number; matched: boolean };

const datasetsInScope = async (ctx: ServiceContext, ids: string[]) => {
  const rows = await rowsInChunks(ids, (part) =>
    ctx.db.query.datasets.findMany({ where: and(visibleDatasets(ctx), inArray(datasets.id, part)) }),
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw dataError(`You don't own the dataset ${missing}.`);
  if (new Set(rows.map((row) => row.embdId)).size > 1) throw dataError("Datasets use different embedding models.");
  return rows;
};

// The datasets searched: the given ones, whose documents `document_ids` must be (as in RAGFlow), or without
// them the datasets of the given documents.
const scopeDatasetIds = async (ctx: ServiceContext, input: RetrievalInput) => {
  if (input.document_ids.length === 0) return input.dataset_ids;
  const found = await rowsInChunks(input.document_ids, (part) =>
    ctx.db.query.documents.findMany({
      columns: { id: true, datasetId: true },
      where: (t, { inArray: within }) => within(t.id, part),
    }),
  );
  const datasetOf = new Map(found.map((doc) => [doc.id, doc.datasetId]));
  const allowed = new Set(input.dataset_ids.length ? input.dataset_ids : found.map((doc) => doc.datasetId));
  const stray = input.document_ids.find((id) => !allowed.has(datasetOf.get(id) ?? ""));
  if (stray) throw dataError(`The datasets don't own the document ${stray}`);
  return [...allowed];
};

// RAGFlow answers a rerank model that is not set up with its LookupError text and code 100.
const rerankModel = (ctx: ServiceContext, id: string) =>
  resolveModel(ctx, ctx.actor.tenantId, id, "rerank").catch(() => {
    throw new AppError(RetCode.EXCEPTION_ERROR, `LookupError('Model(${id}) not authorized')`);
  });

// For cross_languages: `chatModel` translates (an assistant's or a search app's own; null for the built-in one,
// which cannot; without it the team's default chat model), `usage` adds up the call's tokens for an answer, and
// `signal` cancels it with the answer.
export type RetrieveOptions = { chatModel?: ChatModel | null; usage?: TokenUsage; signal?: AbortSignal };

// The one retrieval path (testing tab, chat, agents): keyword (FTS5 bm25 + trigram) and vector candidates,
// re-scored as (1 − w)·keyword + w·vector (+ page rank and tags), thresholded, paged.
export const retrieve = async (
  ctx: ServiceContext,
  input: RetrievalInput,
  options: RetrieveOptions = {},
): Promise<Retrieved> => {
  const rows = await datasetsInScope(ctx, await scopeDatasetIds(ctx, input));
  if (rows.length === 0) return nothingFound({});
  const datasetIds = rows.map((row) => row.id);
  const labels = questionTagsOf(ctx.db, rows, input.question);
  const filter = input.metadata_condition?.conditions.length ? input.metadata_condition : null;
  const documentIds = filter
    ? await documentsByMetadata(ctx, datasetIds, filter, input.document_ids)
    : input.document_ids;
  // no document passes the metadata filter: nothing to search, not everything
  if (filter && documentIds.length === 0) return nothingFound(await labels);
  const scope: Scope = { datasetIds, documentIds };
  const w = input.vector_similarity_weight;
  // Like RAGFlow's RERANK_LIMIT, only a window of candidates is re-scored: enough to fill the requested page.
  const candidateWindow = Math.min(1024, Math.max(RESCORE_WINDOW, input.page * input.page_size));
  // top_k bounds the nearest vectors only, as RAGFlow's kNN k: its full-text matches are not cut by it
  const topK = Math.min(input.top_k, candidateWindow);
  const question = input.cross_languages.length
    ? await withTranslations(ctx, input.question, input.cross_languages, options)
    : input.question;
  const query = analyzeQuery(input.keyword ? await withLlmKeywords(ctx, question) : question);
  const grams = queryGrams(query.terms);

  const model = await resolveEmbedding(ctx, rows[0]?.tenantId ?? ctx.actor.tenantId, rows[0]?.embdId ?? "");
  const statistics = termStatistics(ctx.db, scope, query.terms);
  const [keyword, ngram, vectorSearch, stats, questionFeatures] = await Promise.all([
    query.terms.length ? keywordCandidates(ctx.db, scope, ftsExpression(query.terms), candidateWindow) : [],
    grams.length ? selectiveNgramCandidates(ctx, scope, grams, candidateWindow, statistics) : noNgramCandidates(),
    w > 0 ? vectorCandidates(ctx, scope, model, question, topK) : null,
    statistics,
    labels,
  ]);
  const vectorHits = vectorSearch?.hits ?? new Map<string, number>();
  const ids = [...new Set([...keyword.map((hit) => hit.id), ...ngram.hits.map((hit) => hit.id), ...vectorHits.keys()])];
  const candidates = await loadCandidates(ctx.db, scope, ids);
  const weights = new Map(query.terms.map((term) => [term, idf(stats.df.get(term) ?? 0, stats.total)]));
  const fields = new Map(candidates.map((row) => [row.id, weightedFields(row)]));
  const bm25 = wordBm25(fields, query.terms, stats.df, stats.total);
  const bestBm25 = Math.max(1e-9, ...bm25.values());
  const gramTexts = new Map([...fields].map(([id, words]) => [id, gramCountsOf(gramText(words), grams)]));
  const ngramBm25 = gramBm25(gramTexts, ngram.counts, stats.total);
  const bestNgram = Math.max(1e-9, ...ngramBm25.values());

  const rerank = input.rerank_id ? await rerankModel(ctx, input.rerank_id) : null;
  if (vectorSearch && !rerank) await scoreOtherCandidates(ctx, model, vectorSearch, candidates);
  const reranked = rerank
    ? await rerank.score(
        question,
        candidates.map((row) => row.content),
      )
    : null;
  const pagerank = new Map(rows.map((row) => [row.id, row.pagerank]));

  const scored: Scored[] = candidates.map((row, i) => {
    // a chunk with questions (Q&A, auto questions) is matched on its questions, as RAGFlow tokenises only them
    const questions = parse(row.question_kwd);
    const text = chunkText(
      questions.length
        ? [...questions, ...parse(row.important_kwd)]
        : [row.doc_name, row.content, ...parse(row.important_kwd)],
    );
    const coverage = termSimilarity(query, weights, text);
    const ngramScore =
      ((ngramBm25.get(row.id) ?? 0) / bestNgram) * Math.sqrt(gramShareOf(gramTexts.get(row.id) ?? noGrams, grams));
    const term =
      COVERAGE_SHARE * coverage +
      WORD_BM25_SHARE * ((bm25.get(row.id) ?? 0) / bestBm25) +
      NGRAM_BM25_SHARE * ngramScore;
    const vector = reranked ? (reranked[i] ?? 0) : (vectorHits.get(row.id) ?? 0);
    const tagMatch = tagCosine(questionFeatures, JSON.parse(row.tag_feas) as TagFeatures);
    const boost = ((pagerank.get(row.dataset_id) ?? 0) / 100) * PAGERANK_BOOST + tagMatch * TAG_BOOST;
    return { row, term, vector, score: (1 - w) * term + w * vector + boost, matched: coverage > 0 || bm25.has(row.id) };
  });

  // keyword-only search (w = 0) keeps everything that matched a word, as RAGFlow does
  const kept = scored
    .filter((hit) => (w === 0 ? hit.matched : hit.score >= input.similarity_threshold))
    .toSorted(byScore);
  const results = withParents(kept);
  const start = (input.page - 1) * input.page_size;
  const page = await withImageUrls(
    ctx.config,
    results.slice(start, start + input.page_size).map((hit) => toRetrieved(hit, query.terms, input.highlight)),
  );
  const graph =
    input.use_kg && input.page === 1
      ? await knowledgeGraphChunk(ctx, datasetIds, question, model, vectorSearch?.queryVector ?? null)
      : null;
  return {
    chunks: graph ? [graph, ...page] : page,
    doc_aggs: aggregate(results),
    total: results.length,
    labels: questionFeatures,
  };
};

const byScore = (a: Scored, b: Scored) => b.score - a.score || a.row.id.localeCompare(b.row.id);
const meanOf = (hits: Scored[], pick: (hit: Scored) => number) =>
  hits.reduce((sum, hit) => sum + pick(hit), 0) / hits.length;

// RAGFlow's children → parent: the children of one parent that passed become one hit with the parent's text and
// the mean of their scores (under the best child's id, a chunk that exists).
const withParents = (hits: Scored[]) => {
  const children = new Map<string, Scored[]>();
  for (const hit of hits) {
    if (!hit.row.mom_id) continue;
    const group = children.get(hit.row.mom_id) ?? [];
    group.push(hit);
    children.set(hit.row.mom_id, group);
  }
  if (children.size === 0) return hits;
  const parents = [...children.values()].map((group) => {
    const best = group[0] as Scored;
    return {
      ...best,
      row: { ...best.row, content: best.row.mom_content },
      score: meanOf(group, (hit) => hit.score),
      term: meanOf(group, (hit) => hit.term),
      vector: meanOf(group, (hit) => hit.vector),
    };
  });
  return [...hits.filter((hit) => !hit.row.mom_id), ...parents].toSorted(byScore);
};

// `labels`: the question's tags from the searched datasets' tag sets (RAGFlow's dataset search returns them)
export type Retrieved = RetrievalResult & { labels: TagFeatures };

const nothingFound = (labels: TagFeatures): Retrieved => ({ chunks: [], doc_aggs: [], total: 0, labels });

const noGrams = { length: 0, counts: new Map<string, number>() };

const noNgramCandidates = () => ({ hits: [] as { id: string }[], counts: new Map<string, number>() });

// Candidates by the selective 4-grams, and the collection's count of every 4-gram that occurs (all of them
// score, whatever else the database holds).
const selectiveNgramCandidates = async (
  ctx: ServiceContext,
  scope: Scope,
  grams: string[],
  topK: number,
  statistics: Promise<{ total: number }>,
) => {
  const { df, total } = await trigramFrequencies(ctx.db, trigramsOf(grams));
  const selected = selectiveGrams(grams, df, total);
  if (selected.length === 0) return noNgramCandidates();
  const upperBound = (gram: string) => gramFrequencyBound(gram, df);
  const occurring = grams.filter((gram) => upperBound(gram) > 0);
  const [hits, counts] = await Promise.all([
    ngramCandidates(ctx.db, scope, ngramExpression(selected), topK),
    statistics.then(({ total: inCollection }) => gramStatistics(ctx.db, scope, occurring, upperBound, inCollection)),
  ]);
  return { hits, counts };
};

// `cross_languages`: the question and its translations, searched together. Without a model, or when it fails,
// the question alone (RAGFlow goes on with the question too).
const withTranslations = async (
  ctx: ServiceContext,
  question: string,
  languages: string[],
  { chatModel, usage, signal }: RetrieveOptions,
) => {
  const model = chatModel === undefined ? await teamChatModel(ctx, ctx.actor.tenantId) : chatModel;
  if (!model) return question;
  const reply = await model
    .complete(crossLanguagesPrompt(question, languages), { temperature: 0.2, signal })
    .catch(() => null);
  if (!reply) return question;
  await recordUsage(ctx, ctx.actor.tenantId, model.id, reply.usage);
  if (usage) addUsage(usage, reply.usage);
  return [question, ...new Set(parseTranslations(reply.text, question, languages))].join("\n");
};

// `keyword: true`: the tenant's chat model adds keywords to the question (skipped without one).
const withLlmKeywords = async (ctx: ServiceContext, question: string) => {
  const model = await teamChatModel(ctx, ctx.actor.tenantId);
  if (!model) return question;
  const { text, usage } = await model.complete(keywordPrompt(question, 8), { temperature: 0.2 });
  await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
  return `${question} ${parseKeywords(text, 8).join(" ")}`;
};

const vectorCandidates = async (
  ctx: ServiceContext,
  scope: Scope,
  model: EmbeddingModel,
  question: string,
  topK: number,
) => {
  const [queryVector] = await model.embed([question]);
  const hits = new Map<string, number>();
  if (!queryVector) return null;
  for (const datasetId of scope.datasetIds) {
    for (const match of await ctx.vectors.query(datasetId, model.id, queryVector, topK))
      hits.set(match.id, rescaled(model, match.score));
  }
  return { queryVector, hits };
};

const rescaled = (model: EmbeddingModel, cosine: number) => aboveFloor(model.similarityFloor, cosine);

// Candidates found by keyword only get their vector similarity too (as RAGFlow scores every candidate), so a
// good keyword match outside the nearest top_k is not fused with a vector score of 0.
const scoreOtherCandidates = async (
  ctx: ServiceContext,
  model: EmbeddingModel,
  search: { queryVector: Float32Array; hits: Map<string, number> },
  candidates: CandidateRow[],
) => {
  const unscored = candidates.filter((row) => !search.hits.has(row.id));
  for (const datasetId of new Set(unscored.map((row) => row.dataset_id))) {
    const ids = unscored.filter((row) => row.dataset_id === datasetId).map((row) => row.id);
    const scores = await ctx.vectors.similarities(datasetId, model.id, search.queryVector, ids);
    for (const [id, cosine] of scores) search.hits.set(id, rescaled(model, cosine));
  }
};

const round = (value: number) => Math.round(value * 10_000) / 10_000;

const toRetrieved = (hit: Scored, terms: string[], withHighlight: boolean): RetrievedChunk => ({
  id: hit.row.id,
  content: hit.row.content,
  content_ltks: foldForMatching(hit.row.content),
  document_id: hit.row.document_id,
  document_keyword: hit.row.doc_name,
  dataset_id: hit.row.dataset_id,
  // only asked for: RAGFlow's chunks carry no highlight field without it
  ...(withHighlight ? { highlight: highlight(hit.row.content, terms) } : {}),
  image_id: hit.row.image_id,
  important_keywords: parse(hit.row.important_kwd),
  questions: parse(hit.row.question_kwd),
  positions: answeredPositions(
    JSON.parse(hit.row.page_num_int) as number[],
    JSON.parse(hit.row.position_int) as number[][],
  ),
  similarity: round(hit.score),
  term_similarity: round(hit.term),
  vector_similarity: round(hit.vector),
  tag_kwd: parse(hit.row.tag_kwd),
  ...(hit.row.mom_id ? { mom_id: hit.row.mom_id } : {}),
});

const aggregate = (hits: Scored[]) => {
  const byDoc = new Map<string, { doc_id: string; doc_name: string; count: number }>();
  for (const { row } of hits) {
    const entry = byDoc.get(row.document_id) ?? { doc_id: row.document_id, doc_name: row.doc_name, count: 0 };
    entry.count++;
    byDoc.set(row.document_id, entry);
  }
  return [...byDoc.values()].toSorted((a, b) => b.count - a.count);
};
