import { effectiveLlmSetting, KNOWLEDGE_KEY } from "../../contract/chats";
import type { MetadataCondition } from "../../contract/metadata-condition";
import type { RetrievedChunk } from "../../contract/retrieval";
import type { DialogRow } from "../../db/schema";
import { analyzeQuery } from "../../lib/terms";
import type { ChatMessage, ChatModel, TokenUsage } from "../../platform/providers/types";
import { knowledgePrompt } from "../../rag/chat/knowledge";
import { isYes, refinePrompt, relevancePrompt, rewritePrompt } from "../../rag/chat/prompts";
import { countTokens } from "../../rag/tokens";
import type { ServiceContext } from "../context";
import { contextTokens } from "../models/resolve";
import { knowledgeChunks } from "../retrieval/knowledge-chunks";
import { metadataConditionFor } from "../scope/metadata";
import { retrieve } from "../retrieval/retrieve";
import { rowsInChunks } from "../../lib/batches";

// What the steps of one answer share: the assistant, its chat model (null: the built-in one) and the usage so far.
export type AnswerTurn = {
  ctx: ServiceContext;
  dialog: DialogRow;
  model: ChatModel | null;
  usage: TokenUsage;
  signal?: AbortSignal;
  // one model call (no call, "", without a model), its usage counted
  ask: (messages: ChatMessage[], temperature?: number) => Promise<string>;
};

type Knowledge = ReturnType<typeof knowledgePrompt>;

export type GatheredKnowledge = {
  useKnowledge: boolean;
  // what retrieval searched for (self-RAG may have rewritten it)
  question: string;
  // the chunks the knowledge prompt holds
  chunks: RetrievedChunk[];
  knowledge: Knowledge;
  budget: number;
  maxAnswer: number | undefined;
};

// The question retrieval searches for: the latest one, or (refine_multiturn) one that stands on its own.
export const refineQuestion = async ({ dialog, model, ask }: AnswerTurn, history: ChatMessage[]) => {
  const config = dialog.promptConfig;
  const userTurns = history.filter((message) => message.role === "user");
  const latest = userTurns.at(-1)?.content ?? "";
  if (!config.refine_multiturn || userTurns.length < 2) return { latest, question: latest };
  if (model) return { latest, question: (await ask(refinePrompt(config.refine_prompt, history.slice(-6)))) || latest };
  // without a model, a short follow-up borrows the words of the question before it
  const question = analyzeQuery(latest).terms.length < 2 ? `${userTurns.at(-2)?.content ?? ""} ${latest}` : latest;
  return { latest, question };
};

// A question limited to documents (doc_ids) searches those of the assistant's bases; unknown ids are left out, as
// RAGFlow's chat does, and when none is left there is nothing to search (null).
export const documentScope = async (ctx: ServiceContext, dialog: DialogRow, docIds: string[]) => {
  if (docIds.length === 0) return [];
  const bases = new Set(dialog.datasetIds);
  const found = await rowsInChunks(docIds, (part) =>
    ctx.db.query.documents.findMany({
      columns: { id: true, datasetId: true },
      where: (t, { inArray: within }) => within(t.id, part),
    }),
  );
  const inBases = found.filter((doc) => bases.has(doc.datasetId)).map((doc) => doc.id);
  return inBases.length ? inBases : null;
};

const searcher =
  ({ ctx, dialog, model, usage, signal }: AnswerTurn, documentIds: string[] | null, condition?: MetadataCondition) =>
  async (text: string) => {
    if (documentIds === null) return [];
    const config = dialog.promptConfig;
    const found = await retrieve(
      ctx,
      {
        question: text,
        dataset_ids: dialog.datasetIds,
        document_ids: documentIds,
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
        metadata_condition: condition,
      },
      { chatModel: model, usage, signal },
    );
    return found.chunks;
  };

// Retrieval through the one retrieval service, within the assistant's bases, its metadata filter (or the
// request's own) and the documents asked for; then the knowledge prompt within the context budget, and self-RAG.
export const gatherKnowledge = async (
  turn: AnswerTurn,
  question: string,
  documentIds: string[] | null,
  requestCondition: MetadataCondition | undefined,
): Promise<GatheredKnowledge> => {
  const { ctx, dialog, model, usage } = turn;
  const config = dialog.promptConfig;
  const useKnowledge =
    dialog.datasetIds.length > 0 && config.parameters.some((parameter) => parameter.key === KNOWLEDGE_KEY);
  const condition = useKnowledge
    ? (requestCondition ??
      (await metadataConditionFor(ctx, dialog.datasetIds, dialog.metaDataFilter, question, model, usage)))
    : undefined;
  const search = searcher(turn, documentIds, condition);
  const chunks = useKnowledge ? await search(question) : [];

  const budget = await contextTokens(ctx, dialog.tenantId, dialog.llmId);
  const { max_tokens } = effectiveLlmSetting(dialog.llmSetting);
  const maxAnswer = max_tokens > 0 ? max_tokens : undefined;
  const knowledgeBudget = Math.max(256, Math.floor(budget * 0.97) - countTokens(config.system) - (maxAnswer ?? 512));
  const found = { question, chunks, knowledge: knowledgePrompt(await knowledgeChunks(ctx, chunks), knowledgeBudget) };
  const checked =
    useKnowledge && config.self_rag && model ? await selfRag(turn, found, search, knowledgeBudget) : found;
  return {
    useKnowledge,
    question: checked.question,
    chunks: checked.chunks.slice(0, checked.knowledge.count),
    knowledge: checked.knowledge,
    budget,
    maxAnswer,
  };
};

type Found = { question: string; chunks: RetrievedChunk[]; knowledge: Knowledge };

// Self-RAG: when the model finds the knowledge irrelevant, the question is rewritten and searched once more.
const selfRag = async (
  { ctx, ask }: AnswerTurn,
  found: Found,
  search: (text: string) => Promise<RetrievedChunk[]>,
  knowledgeBudget: number,
): Promise<Found> => {
  const relevant =
    found.knowledge.count > 0 && isYes(await ask(relevancePrompt(found.question, found.knowledge.text), 0));
  if (relevant) return found;
  const question = (await ask(rewritePrompt(found.question), 0.3)) || found.question;
  const chunks = await search(question);
  return { question, chunks, knowledge: knowledgePrompt(await knowledgeChunks(ctx, chunks), knowledgeBudget) };
};
