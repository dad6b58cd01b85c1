import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatStats, FeedbackReason } from "../../worker/contract/chats";
import type {
  ConversationHistory,
  FeedbackItem,
  FeedbackPage,
  ResolveUnansweredSchema,
  UnansweredPage,
  UnansweredQuestion,
} from "../../worker/contract/evaluation";
import { chunkKeys, createChunk } from "./chunks";
import { ApiError, type Body, requestData, requestRaw } from "./client";
import { createEmptyDocument, documentKeys } from "./documents";

export type { ConversationHistory, FeedbackItem, FeedbackPage, UnansweredPage, UnansweredQuestion };

// "rated" = every answer with a thumb (the default), "all" = every answered question, rated or not.
export const THUMB_FILTERS = ["rated", "up", "down", "all"] as const;
export type ThumbFilter = (typeof THUMB_FILTERS)[number];

export type EvaluationRange = { from: string; to: string; chatId?: string };
export type FeedbackFilters = EvaluationRange & { reason?: FeedbackReason; thumbs: ThumbFilter; keywords?: string };

export const evaluationKeys = {
  all: ["evaluation"] as const,
  feedback: (filters: FeedbackFilters, page: number, pageSize: number) =>
    [...evaluationKeys.all, "feedback", filters, page, pageSize] as const,
  stats: (range: EvaluationRange) => [...evaluationKeys.all, "stats", range] as const,
  conversation: (id: string) => [...evaluationKeys.all, "conversation", id] as const,
  unansweredAll: () => [...evaluationKeys.all, "unanswered"] as const,
  unanswered: (range: EvaluationRange, includeResolved: boolean, page: number, pageSize: number) =>
    [...evaluationKeys.unansweredAll(), range, includeResolved, page, pageSize] as const,
};

const rangeQuery = (range: EvaluationRange) => ({ from: range.from, to: range.to, chat_id: range.chatId || undefined });

const THUMB_QUERY: Record<ThumbFilter, { thumbup?: "true" | "false"; rated?: "false" }> = {
  rated: {},
  up: { thumbup: "true" },
  down: { thumbup: "false" },
  all: { rated: "false" },
};

export const feedbackQuery = (filters: FeedbackFilters) => ({
  ...rangeQuery(filters),
  reason: filters.reason,
  ...THUMB_QUERY[filters.thumbs],
  keywords: filters.keywords || undefined,
});

export const feedbackQueryOptions = (filters: FeedbackFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: evaluationKeys.feedback(filters, page, pageSize),
    queryFn: () =>
      requestData<FeedbackPage>("/evaluation/feedback", {
        query: { ...feedbackQuery(filters), page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const evaluationStatsQueryOptions = (range: EvaluationRange) =>
  queryOptions({
    queryKey: evaluationKeys.stats(range),
    queryFn: () => requestData<ChatStats>("/evaluation/stats", { query: rangeQuery(range) }),
    placeholderData: keepPreviousData,
  });

export const conversationHistoryQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: evaluationKeys.conversation(conversationId),
    queryFn: () => requestData<ConversationHistory>(`/evaluation/conversations/${conversationId}`),
  });

export const unansweredQueryOptions = (
  range: EvaluationRange,
  includeResolved: boolean,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: evaluationKeys.unanswered(range, includeResolved, page, pageSize),
    queryFn: () =>
      requestData<UnansweredPage>("/evaluation/unanswered", {
        query: { ...rangeQuery(range), include_resolved: includeResolved || undefined, page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export type AddAnswerParams = {
  question: string;
  chatId?: string;
  datasetId: string;
  // null: a new empty document of that name takes the answer
  documentId: string | null;
  newDocumentName: string;
  answer: string;
};

// The one-click path for an unanswered question: the answer becomes a chunk (the question as one of its
// questions, so retrieval finds it), then the question's turns are marked resolved by that chunk. The row
// stays on screen as answered until the list is fetched again.
export const useAddAnswerMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (params: AddAnswerParams) => {
      const documentId =
        params.documentId ?? (await createEmptyDocument(params.datasetId, params.newDocumentName))[0]?.id ?? "";
      const { chunk } = await createChunk(params.datasetId, documentId, {
        content: params.answer,
        questions: [params.question],
      });
      const resolved = await requestData<{ resolved: number; chunk_id: string }>("/evaluation/unanswered/resolve", {
        body: {
          question: params.question,
          chat_id: params.chatId,
          chunk_id: chunk.id,
        } satisfies Body<typeof ResolveUnansweredSchema>,
      });
      return { ...resolved, documentId };
    },
    onSuccess: (result, params) => {
      queryClient.setQueriesData<UnansweredPage>(
        { queryKey: evaluationKeys.unansweredAll() },
        (page) =>
          page && {
            ...page,
            items: page.items.map((item) =>
              item.question === params.question ? { ...item, resolved_chunk_id: result.chunk_id } : item,
            ),
          },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: evaluationKeys.unansweredAll(), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: documentKeys.all(params.datasetId) }),
        queryClient.invalidateQueries({ queryKey: chunkKeys.all(result.documentId) }),
      ]);
    },
  });
};

// The feedback listing with the current filters as a CSV or JSON download.
export const exportFeedback = async (filters: FeedbackFilters, format: "csv" | "json") => {
  const response = await requestRaw("/evaluation/feedback/export", { query: { ...feedbackQuery(filters), format } });
  if (!response.ok) throw new ApiError(response.status, response.statusText, response.status);
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) return response.blob();
  // a JSON export and an error envelope share the content type: an envelope has a non-zero code
  const text = await response.text();
  const parsed = JSON.parse(text) as { code?: unknown; message?: string };
  if (typeof parsed.code === "number" && parsed.code !== 0)
    throw new ApiError(parsed.code, parsed.message ?? "", response.status);
  return new Blob([text], { type });
};
