import { BUILTIN_CHAT_ID, isModelWrittenFilter, NO_META_DATA_FILTER, OFFLINE_MODEL_NOTICE } from "../../contract/chats";
import { SEARCH_SUMMARY_CHUNKS, type SearchConfig, type SearchFrame } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ChatMessage, ChatModel, TokenUsage } from "../../platform/providers/types";
import { citedIndexes } from "../../rag/chat/citations";
import { answerLanguage, extractiveAnswer, pieces } from "../../rag/chat/extractive";
import { knowledgePrompt } from "../../rag/chat/knowledge";
import { askSummaryPrompt, CITATION_GUIDELINES } from "../../rag/chat/prompts";
import { countTokens } from "../../rag/tokens";
import { toReference } from "../chats/answer";
import { citeAnswer } from "../chats/citation-similarity";
import type { ServiceContext } from "../context";
import { teamChatModelId } from "../models/team-chat-model";
import { contextTokens, resolveChat } from "../models/resolve";
import { addUsage, recordUsage } from "../models/usage";
import { knowledgeChunks } from "../retrieval/knowledge-chunks";
import { metadataConditionFor } from "../scope/metadata";
import { retrieve } from "../retrieval/retrieve";
import { visibleDatasetIds } from "../scope/datasets";
import { searchConfigOf } from "./internal";
import { checkDatasets, checkDocuments, documentsWithin } from "./validate";

const SUMMARY_TEMPERATURE = 0.1;
// RAGFlow inserts missing citations with token weight 0.7 and vector weight 0.3
const CITATION_VECTOR_WEIGHT = 0.3;

export type SearchScope = { kbIds: string[]; docIds: string[] };
type ScopeInput = { kb_ids?: string[]; doc_ids?: string[] };

// The saved bases the asker may see: a base private to the member who chose it is not searched for the others.
const savedBasesSeenBy = async (ctx: ServiceContext, saved: SearchConfig) => {
  const visible = await visibleDatasetIds(ctx, saved.kb_ids);
  const seen = saved.kb_ids.filter((id) => visible.has(id));
  if (saved.kb_ids.length > 0 && seen.length === 0)
    throw dataError("None of this search's knowledge bases is visible to you.");
  return seen;
};

// Which knowledge bases and documents one search covers: the request's, else the saved ones. A share-link
// visitor (savedOnly) may only narrow the saved knowledge bases and the saved document filter, never widen them.
export const searchScope = async (
  ctx: ServiceContext,
  app: SearchAppRow,
  input: ScopeInput,
  savedOnly = false,
): Promise<SearchScope> => {
  const saved = searchConfigOf(app);
  const kbIds = [...new Set(input.kb_ids?.length ? input.kb_ids : await savedBasesSeenBy(ctx, saved))];
  if (kbIds.length === 0) throw dataError("`kb_ids` is required.");
  const foreign = savedOnly ? kbIds.find((id) => !saved.kb_ids.includes(id)) : undefined;
  if (foreign) throw dataError(`You don't own the dataset ${foreign}`);
  await checkDatasets(ctx, kbIds);
  if (input.doc_ids?.length) {
    const docIds = [...new Set(input.doc_ids)];
    const outside = savedOnly && saved.doc_ids.length ? docIds.find((id) => !saved.doc_ids.includes(id)) : undefined;
    if (outside) throw dataError(`The document ${outside} is not in this search.`);
    await checkDocuments(ctx, kbIds, docIds);
    return { kbIds, docIds };
  }
  if (saved.doc_ids.length === 0) return { kbIds, docIds: [] };
  // the saved filter, kept to the chosen knowledge bases; none of its documents there means nothing to search
  const docIds = await documentsWithin(ctx, kbIds, saved.doc_ids);
  if (docIds.length === 0) throw dataError("None of this search's documents is in the chosen knowledge bases.");
  return { kbIds, docIds };
};

// The summary's model: the app's own, else the team's default chat model, else the built-in one.
export const searchChatModel = async (ctx: ServiceContext, config: SearchConfig) => {
  return config.chat_id || teamChatModelId(ctx);
};

// The app's chat model, or null for the built-in one.
export const searchModel = async (ctx: ServiceContext, config: SearchConfig) => {
  const llmId = await searchChatModel(ctx, config);
  return { llmId, model: llmId === BUILTIN_CHAT_ID ? null : await resolveChat(ctx, ctx.actor.tenantId, llmId) };
};

// The app's metadata filter for one question; a model-written one (auto, semi_auto) asks the app's chat model.
const searchMetadataCondition = async (
  ctx: ServiceContext,
  config: SearchConfig,
  scope: SearchScope,
  question: string,
) => {
  // apps saved before the filter existed have none
  const filter = config.meta_data_filter ?? NO_META_DATA_FILTER;
  const model = isModelWrittenFilter(filter) ? (await searchModel(ctx, config)).model : null;
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const condition = await metadataConditionFor(ctx, scope.kbIds, filter, question, model, usage);
  if (model) await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
  return condition;
};

// One retrieval with the app's settings (threshold, weight, top_k, rerank, keyword, knowledge graph, metadata
// filter) over the scope.
export const searchChunks = async (
  ctx: ServiceContext,
  config: SearchConfig,
  scope: SearchScope,
  question: string,
  page: { page: number; size: number; highlight: boolean },
) =>
  retrieve(
    ctx,
    {
      question,
      dataset_ids: scope.kbIds,
      document_ids: scope.docIds,
      page: page.page,
      page_size: page.size,
      similarity_threshold: config.similarity_threshold,
      vector_similarity_weight: config.vector_similarity_weight,
      top_k: config.top_k,
      rerank_id: config.rerank_id || undefined,
      keyword: config.keyword,
      highlight: page.highlight,
      use_kg: config.use_kg,
      cross_languages: config.cross_languages,
      metadata_condition: await searchMetadataCondition(ctx, config, scope, question),
    },
    { chatModel: config.cross_languages.length ? await translatingModel(ctx, config) : undefined },
  );

// The app's chat model translates for cross_languages; one removed since the app was saved leaves the question as
// it is (the results need no model).
const translatingModel = (ctx: ServiceContext, config: SearchConfig) =>
  searchModel(ctx, config).then(
    ({ model }) => model,
    () => null,
  );

// POST /searches/{id}/completions (and the shared /searchbots/ask): everything that can be refused is
// checked before the stream starts; the frames are RAGFlow's delta frames, the last one with the reference.
export const prepareSearchAnswer = async (
  ctx: ServiceContext,
  app: SearchAppRow,
  input: ScopeInput & { question: string },
  savedOnly = false,
) => {
  const scope = await searchScope(ctx, app, input, savedOnly);
  const question = input.question;
  const config = searchConfigOf(app);
  const { llmId, model } = await searchModel(ctx, config);
  return (signal: AbortSignal) => summarise(ctx, { config, scope, question, model, llmId, signal });
};

type Summary = {
  config: SearchConfig;
  scope: SearchScope;
  question: string;
  model: ChatModel | null;
  llmId: string;
  signal: AbortSignal;
};

async function* summarise(ctx: ServiceContext, request: Summary): AsyncGenerator<SearchFrame> {
  const { config, model, question } = request;
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const found = (
    await searchChunks(ctx, config, request.scope, question, { page: 1, size: SEARCH_SUMMARY_CHUNKS, highlight: false })
  ).chunks;
  const maxAnswer =
    config.llm_setting.max_tokens && config.llm_setting.max_tokens > 0 ? config.llm_setting.max_tokens : undefined;
  const budget = await contextTokens(ctx, ctx.actor.tenantId, request.llmId);
  const knowledge = knowledgePrompt(
    await knowledgeChunks(ctx, found),
    Math.max(256, Math.floor(budget * 0.97) - countTokens(askSummaryPrompt("")) - (maxAnswer ?? 512)),
  );
  const chunks = found.slice(0, knowledge.count);

  let answer = "";
  const delta = (text: string): SearchFrame => {
    answer += text;
    return { answer: text, reference: {}, final: false };
  };
  // nothing found: no model call and an empty answer (the page says so in the reader's language)
  if (chunks.length > 0 && !model) {
    // a search app has no language of its own: the question's, else German (the UI's default)
    for (const piece of pieces(extractiveAnswer(question, chunks, answerLanguage(question, "German"))))
      yield delta(piece);
  } else if (chunks.length > 0 && model) {
    const messages: ChatMessage[] = [
      { role: "system", content: `${askSummaryPrompt(knowledge.text)}\n\n${CITATION_GUIDELINES}` },
      { role: "user", content: question },
    ];
    for await (const part of model.stream(messages, {
      temperature: SUMMARY_TEMPERATURE,
      max_tokens: maxAnswer,
      signal: request.signal,
    })) {
      if ("delta" in part) yield delta(part.delta);
      else addUsage(usage, part.usage);
    }
  }

  const basis = {
    tenantId: ctx.actor.tenantId,
    datasetIds: request.scope.kbIds,
    vectorSimilarityWeight: CITATION_VECTOR_WEIGHT,
  };
  const { thinking, body } = await citeAnswer(ctx, answer, chunks, model ? basis : null);
  if (model) await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
  yield {
    answer: "",
    reference: toReference(chunks, citedIndexes(body)),
    final: true,
    content: thinking + body,
    ...(!model && { notice: OFFLINE_MODEL_NOTICE }),
  };
}
