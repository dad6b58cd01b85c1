import {
  type AnswerNotice,
  BUILTIN_CHAT_ID,
  OFFLINE_MODEL_NOTICE,
  type Reference,
  type ReferenceChunk,
} from "../../contract/chats";
import type { MetadataCondition } from "../../contract/metadata-condition";
import type { RetrievedChunk } from "../../contract/retrieval";
import type { DialogRow } from "../../db/schema";
import type { ChatMessage, ChatModel, TokenUsage } from "../../platform/providers/types";
import { citedIndexes } from "../../rag/chat/citations";
import { countTokens } from "../../rag/tokens";
import type { ServiceContext } from "../context";
import { chunkDocType } from "../scope/chunk-image";
import { resolveChat } from "../models/resolve";
import { addUsage, recordUsage } from "../models/usage";
import { generateAnswer, relatedQuestions, systemPrompt } from "./answer-generate";
import {
  type AnswerTurn,
  documentScope,
  type GatheredKnowledge,
  gatherKnowledge,
  refineQuestion,
} from "./answer-knowledge";
import { citeAnswer } from "./citation-similarity";

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
  // the built-in model's answers carry the offline notice
  notice?: AnswerNotice;
};

export type AnswerEvent = { delta: string } | { done: AnswerResult };

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

const startTurn = async (ctx: ServiceContext, request: AnswerRequest): Promise<AnswerTurn> => {
  const { dialog, signal } = request;
  const model: ChatModel | null =
    dialog.llmId === BUILTIN_CHAT_ID ? null : await resolveChat(ctx, dialog.tenantId, dialog.llmId);
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const ask = async (messages: ChatMessage[], temperature = 0.1) => {
    if (!model) return "";
    const result = await model.complete(messages, { temperature, signal });
    addUsage(usage, result.usage);
    return result.text.trim();
  };
  return { ctx, dialog, model, usage, signal, ask };
};

type Generated = { answer: string; firstTokenMs: number; system: string; started: number };

// Citations, follow-up questions and usage, once the answer is complete.
const finishAnswer = async (
  turn: AnswerTurn,
  latest: string,
  gathered: GatheredKnowledge,
  { answer, firstTokenMs, system, started }: Generated,
): Promise<AnswerResult> => {
  const { ctx, dialog, model, usage, ask } = turn;
  const config = dialog.promptConfig;
  const { question, chunks } = gathered;
  const { thinking, body } = await citeAnswer(
    ctx,
    answer,
    config.quote ? chunks : [],
    model ? dialog : null,
    model && config.llm_for_quotes ? ask : undefined,
  );
  const cited = config.quote ? citedIndexes(body) : [];
  const related = await relatedQuestions(turn, question, latest, body, chunks);
  if (model) await recordUsage(ctx, dialog.tenantId, model.id, usage);
  if (!model) usage.completionTokens = countTokens(answer);
  return {
    answer: thinking + body,
    reference: toReference(chunks, cited),
    relatedQuestions: related,
    usage,
    question: latest,
    searchedFor: question,
    retrieved: chunks.length,
    firstTokenMs: firstTokenMs || Date.now() - started,
    prompt: `${system}\n\n### Query:\n${question}\n\n### Time: ${Date.now() - started} ms`,
    llmId: dialog.llmId,
    ...(!model && { notice: OFFLINE_MODEL_NOTICE }),
  };
};

// RAGFlow's chat pipeline, step by step: variables, question refinement, retrieval through the one
// retrieval service (with self-RAG), knowledge prompt within the context budget, empty response without
// a model call, streamed generation, citations, follow-up questions. Yields text deltas, then the result.
export async function* answerQuestion(ctx: ServiceContext, request: AnswerRequest): AsyncGenerator<AnswerEvent> {
  const started = Date.now();
  const turn = await startTurn(ctx, request);
  const { latest, question } = await refineQuestion(turn, request.history);
  const documentIds = await documentScope(ctx, request.dialog, request.docIds);
  const gathered = await gatherKnowledge(turn, question, documentIds, request.metadataCondition);
  const system = systemPrompt(turn, request.values, gathered);
  const generated: Generated = { answer: "", firstTokenMs: 0, system, started };
  for await (const delta of generateAnswer(turn, gathered, system, request.history)) {
    if (!generated.firstTokenMs) generated.firstTokenMs = Date.now() - started;
    generated.answer += delta;
    yield { delta };
  }
  yield { done: await finishAnswer(turn, latest, gathered, generated) };
}
