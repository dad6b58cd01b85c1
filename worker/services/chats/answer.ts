import { and, eq } from "drizzle-orm";
import {
  BUILTIN_CHAT_ID,
  KNOWLEDGE_KEY,
  type Reference,
  type ReferenceChunk,
  SUGGESTED_QUESTIONS,
} from "../../contract/chats";
import type { RetrievedChunk } from "../../contract/retrieval";
import type { MetadataCondition } from "../../contract/metadata-condition";
import { type DialogRow, tenantModels } from "../../db/schema";
import { analyzeQuery } from "../../lib/terms";
import { parseModelId } from "../../platform/providers/catalogue";
import type { ChatMessage, ChatModel, TokenUsage } from "../../platform/providers/types";
import { citedIndexes } from "../../rag/chat/citations";
import { extractiveAnswer, pieces } from "../../rag/chat/extractive";
import { knowledgePrompt } from "../../rag/chat/knowledge";
import {
  CITATION_GUIDELINES,
  followUpPrompt,
  glossaryBlock,
  isYes,
  refinePrompt,
  relevancePrompt,
  rewritePrompt,
} from "../../rag/chat/prompts";
import { parseQuestions } from "../../rag/enrich";
import { countTokens } from "../../rag/tokens";
import type { ServiceContext } from "../context";
import { resolveChat } from "../models/resolve";
import { addUsage, recordUsage } from "../models/usage";
import { knowledgeChunks } from "../retrieval/knowledge-chunks";
import { metadataConditionFor } from "../scope/metadata";
import { retrieve } from "../retrieval/retrieve";
import { chunkDocType } from "../scope/chunk-image";
import { citeAnswer } from "./citation-similarity";
import { fillPrompt, fitMessages } from "./messages";

const DEFAULT_CONTEXT_TOKENS = 8192;

const NOTHING_FOUND = {
  German: "In den Wissensdatenbanken wurde dazu nichts gefunden.",
  English: "Nothing about this was found in the knowledge bases.",
};
const BUILTIN_NEEDS_KNOWLEDGE = {
  German:
    "Das integrierte Offline-Modell antwortet nur aus Wissensdatenbanken. Fügen Sie dem Assistenten eine Wissensdatenbank hinzu oder wählen Sie ein Chat-Modell.",
  English:
    "The built-in offline model answers only from knowledge bases. Add a knowledge base to this assistant or choose a chat model.",
};

export type AnswerRequest = {
  dialog: DialogRow;
  history: ChatMessage[];
  values: Record<string, string>;
  docIds: string[];
  // a request's own metadata filter (the OpenAI route's extra_body), in place of the assistant's
  metadataCondition?: MetadataCondition;
  signal?: AbortSignal;
};

export type AnswerResult = {
  answer: string;
  reference: Reference;
  relatedQuestions: string[];
  usage: TokenUsage;
  // what the user asked, and what retrieval searched for (refined / rewritten)
  question: string;
  searchedFor: string;
  retrieved: number;
  firstTokenMs: number;
  prompt: string;
  llmId: string;
};

export type AnswerEvent = { delta: string } | { done: AnswerResult };

export const contextTokens = async (ctx: ServiceContext, tenantId: string, llmId: string) => {
  if (llmId === BUILTIN_CHAT_ID) return DEFAULT_CONTEXT_TOKENS;
  const { model, provider } = parseModelId(llmId);
  const row = await ctx.db.query.tenantModels.findFirst({
    where: and(
      eq(tenantModels.tenantId, tenantId),
      eq(tenantModels.provider, provider),
      eq(tenantModels.modelName, model),
      eq(tenantModels.modelType, "chat"),
    ),
  });
  return row?.maxTokens && row.maxTokens > 0 ? row.maxTokens : DEFAULT_CONTEXT_TOKENS;
};

// A retrieved chunk as RAGFlow's reference (and agent Retrieval output) shows it.
export const toReferenceChunk = (chunk: RetrievedChunk): ReferenceChunk => ({
  id: chunk.id,
  content: chunk.content,
  document_id: chunk.document_id,
  document_name: chunk.document_keyword,
  dataset_id: chunk.dataset_id,
  image_id: chunk.image_id,
  ...(chunk.image_url ? { image_url: chunk.image_url } : {}),
  positions: chunk.positions,
  url: null,
  similarity: chunk.similarity,
  vector_similarity: chunk.vector_similarity,
  term_similarity: chunk.term_similarity,
  doc_type: chunkDocType(chunk.image_id),
});

export const toReference = (chunks: RetrievedChunk[], cited: number[]): Reference => {
  const citedDocs = new Set(cited.map((i) => chunks[i]?.document_id));
  const counts = new Map<string, { doc_name: string; doc_id: string; count: number }>();
  for (const chunk of chunks) {
    if (citedDocs.size > 0 && !citedDocs.has(chunk.document_id)) continue;
    const entry = counts.get(chunk.document_id) ?? {
      doc_name: chunk.document_keyword,
      doc_id: chunk.document_id,
      count: 0,
    };
    entry.count++;
    counts.set(chunk.document_id, entry);
  }
  return {
    total: chunks.length,
    chunks: chunks.map(toReferenceChunk),
    doc_aggs: [...counts.values()],
  };
};

// The chat pipeline (ragflow-behaviour §5): variables, question refinement, retrieval through the one
// retrieval service (with self-RAG), knowledge prompt within the context budget, empty response without
// a model call, streamed generation, citations, follow-up questions. Yields text deltas, then the result.
export async function* answerQuestion(ctx: ServiceContext, request: AnswerRequest): AsyncGenerator<AnswerEvent> {
  const started = Date.now();
  const { dialog, values } = request;
  const config = dialog.promptConfig;
  const model: ChatModel | null =
    dialog.llmId === BUILTIN_CHAT_ID ? null : await resolveChat(ctx, dialog.tenantId, dialog.llmId);
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const ask = async (messages: ChatMessage[], temperature = 0.1) => {
    if (!model) return "";
    const result = await model.complete(messages, { temperature, signal: request.signal });
    addUsage(usage, result.usage);
    return result.text.trim();
  };

  const userTurns = request.history.filter((message) => message.role === "user");
  const latest = userTurns.at(-1)?.content ?? "";
  let question = latest;
  if (config.refine_multiturn && userTurns.length > 1) {
    // without a model, a short follow-up borrows the words of the question before it
    question = model
      ? (await ask(refinePrompt(config.refine_prompt, request.history.slice(-6)))) || latest
      : analyzeQuery(latest).terms.length < 2
        ? `${userTurns.at(-2)?.content ?? ""} ${latest}`
        : latest;
  }

  // a question limited to documents (doc_ids) searches those of the assistant's bases; unknown ids are left out, as
  // RAGFlow's chat does, and when none is left there is nothing to search
  const docIds = request.docIds.length
    ? (
        await ctx.db.query.documents.findMany({
          columns: { id: true },
          where: (t, { and: all, inArray: within }) =>
            all(within(t.id, request.docIds), within(t.datasetId, dialog.datasetIds)),
        })
      ).map((doc) => doc.id)
    : [];
  const useKnowledge =
    dialog.datasetIds.length > 0 && config.parameters.some((parameter) => parameter.key === KNOWLEDGE_KEY);
  const metadataCondition = useKnowledge
    ? (request.metadataCondition ??
      (await metadataConditionFor(ctx, dialog.datasetIds, dialog.metaDataFilter, question, model, usage)))
    : undefined;
  const search = async (text: string) =>
    request.docIds.length > 0 && docIds.length === 0
      ? []
      : (
          await retrieve(
            ctx,
            {
              question: text,
              dataset_ids: dialog.datasetIds,
              document_ids: docIds,
              page: 1,
              page_size: dialog.topN,
              similarity_threshold: dialog.similarityThreshold,
              vector_similarity_weight: dialog.vectorSimilarityWeight,
              top_k: dialog.topK,
              rerank_id: dialog.rerankId || undefined,
              keyword: config.keyword,
              highlight: false,
              use_kg: config.use_kg,
              cross_languages: config.cross_languages ?? [],
              metadata_condition: metadataCondition,
            },
            { chatModel: model, usage, signal: request.signal },
          )
        ).chunks;
  let chunks = useKnowledge ? await search(question) : [];

  const budget = await contextTokens(ctx, dialog.tenantId, dialog.llmId);
  const maxAnswer = dialog.llmSetting.max_tokens > 0 ? dialog.llmSetting.max_tokens : undefined;
  const knowledgeBudget = () =>
    Math.max(256, Math.floor(budget * 0.97) - countTokens(config.system) - (maxAnswer ?? 512));
  let knowledge = knowledgePrompt(await knowledgeChunks(ctx, chunks), knowledgeBudget());

  if (useKnowledge && config.self_rag && model) {
    const relevant = knowledge.count > 0 && isYes(await ask(relevancePrompt(question, knowledge.text), 0));
    if (!relevant) {
      question = (await ask(rewritePrompt(question), 0.3)) || question;
      chunks = await search(question);
      knowledge = knowledgePrompt(await knowledgeChunks(ctx, chunks), knowledgeBudget());
    }
  }
  chunks = chunks.slice(0, knowledge.count);

  let answer = "";
  let firstTokenMs = 0;
  const emit = (delta: string) => {
    if (!firstTokenMs) firstTokenMs = Date.now() - started;
    answer += delta;
    return { delta };
  };
  const language = dialog.language;
  const system = [
    fillPrompt(config.system, { ...values, [KNOWLEDGE_KEY]: knowledge.text }),
    glossaryBlock(config.glossary),
    config.quote && chunks.length ? config.citation_prompt || CITATION_GUIDELINES : "",
  ]
    .filter(Boolean)
    .join("\n\n");

  if (useKnowledge && chunks.length === 0 && (config.empty_response || !model)) {
    // nothing found: the empty response (or the built-in model's own sentence), no model call
    for (const piece of pieces(config.empty_response || NOTHING_FOUND[language])) yield emit(piece);
  } else if (!model) {
    const text = useKnowledge
      ? extractiveAnswer(
          question,
          chunks.map((chunk) => chunk.content),
        )
      : BUILTIN_NEEDS_KNOWLEDGE[language];
    for (const piece of pieces(text)) yield emit(piece);
  } else {
    const messages = fitMessages(system, request.history, Math.floor(budget * 0.95) - (maxAnswer ?? 0));
    const { freedom: _freedom, model_type: _type, max_tokens: _max, ...sampling } = dialog.llmSetting;
    for await (const part of model.stream(messages, { ...sampling, max_tokens: maxAnswer, signal: request.signal })) {
      if ("delta" in part) yield emit(part.delta);
      else addUsage(usage, part.usage);
    }
  }

  const { thinking, body } = await citeAnswer(
    ctx,
    answer,
    config.quote ? chunks : [],
    model ? dialog : null,
    model && config.llm_for_quotes ? ask : undefined,
  );
  const cited = config.quote ? citedIndexes(body) : [];

  let relatedQuestions: string[] = [];
  if (config.suggested_questions && chunks.length > 0) {
    relatedQuestions = model
      ? parseQuestions(
          await ask(followUpPrompt(config.followup_prompt, question, body, SUGGESTED_QUESTIONS), 0.7),
          SUGGESTED_QUESTIONS,
        )
      : [...new Set(chunks.flatMap((chunk) => chunk.questions))]
          .filter((candidate) => candidate.toLowerCase() !== latest.toLowerCase())
          .slice(0, SUGGESTED_QUESTIONS);
  }
  if (model) await recordUsage(ctx, dialog.tenantId, model.id, usage);
  if (!model) usage.completionTokens = countTokens(answer);

  yield {
    done: {
      answer: thinking + body,
      reference: toReference(chunks, cited),
      relatedQuestions,
      usage,
      question: latest,
      searchedFor: question,
      retrieved: chunks.length,
      firstTokenMs: firstTokenMs || Date.now() - started,
      prompt: `${system}\n\n### Query:\n${question}\n\n### Time: ${Date.now() - started} ms`,
      llmId: dialog.llmId,
    },
  };
}
