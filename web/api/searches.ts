import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { RecommendationSchema } from "../../worker/contract/chats";
import type { MindMapNode, MindMapSchema, SearchbotMindMapSchema } from "../../worker/contract/mindmap";
import type { RetrievalResult } from "../../worker/contract/retrieval";
import type {
  CreateSearchInput,
  SearchApp,
  SearchbotAskSchema,
  SearchbotRelatedSchema,
  SearchbotRetrievalSchema,
  SearchCompletionSchema,
  SearchConfig,
  SearchFrame,
  SearchRetrievalSchema,
  SharedSearchInfo,
  UpdateSearchInput,
} from "../../worker/contract/searches";
import { type Body, requestData, requestRaw, visitorClient } from "./client";
import { readEnvelopeFrames } from "./sse";

export type { SearchApp, SearchConfig, SearchFrame, SharedSearchInfo };

export const searchKeys = {
  all: ["searches"] as const,
  list: () => [...searchKeys.all, "list"] as const,
  detail: (id: string) => [...searchKeys.all, "detail", id] as const,
};

// Search-app payloads are written in the API's snake_case (search_config included), sent as they are.
export const searchesQueryOptions = () =>
  queryOptions({
    queryKey: searchKeys.list(),
    queryFn: async () =>
      (
        await requestData<{ search_apps: SearchApp[]; total: number }>("/searches", {
          query: { page_size: 1000, orderby: "update_time" },
        })
      ).search_apps,
    placeholderData: keepPreviousData,
  });

export const searchQueryOptions = (id: string) =>
  queryOptions({ queryKey: searchKeys.detail(id), queryFn: () => requestData<SearchApp>(`/searches/${id}`) });

export const useCreateSearchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<CreateSearchInput> & { name: string }) =>
      requestData<{ search_id: string }>("/searches", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.list() }),
  });
};

export const useUpdateSearchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...input
    }: {
      id: string;
      name: string;
      description?: string;
      search_config: UpdateSearchInput["search_config"];
    }) => requestData<SearchApp>(`/searches/${id}`, { method: "PUT", body: input }),
    onSuccess: (app) => {
      queryClient.setQueryData(searchKeys.detail(app.id), app);
      return queryClient.invalidateQueries({ queryKey: searchKeys.list() });
    },
  });
};

export const useDeleteSearchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/searches/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  });
};

// ---- share links of a search app ----

export const searchShareUrl = (
  origin: string,
  app: Pick<SearchApp, "id" | "tenant_id">,
  token: string,
  options: { locale?: string; theme?: "light" | "dark" } = {},
) => {
  const url = new URL("/next-search/share", origin);
  url.searchParams.set("shared_id", app.id);
  url.searchParams.set("from", "search");
  url.searchParams.set("auth", token);
  url.searchParams.set("tenantId", app.tenant_id);
  if (options.locale) url.searchParams.set("locale", options.locale);
  if (options.theme) url.searchParams.set("theme", options.theme);
  return url.toString();
};

// ---- running a search: the signed-in page and the shared page talk to different endpoints ----

export type SearchRequest = { question: string; docIds: string[]; page: number; pageSize: number };

export type SearchBackend = {
  key: readonly unknown[];
  results(request: SearchRequest, signal?: AbortSignal): Promise<RetrievalResult>;
  ask(question: string, docIds: string[], onFrame: (frame: SearchFrame) => void, signal?: AbortSignal): Promise<void>;
  related(question: string): Promise<string[]>;
  mindMap(question: string): Promise<MindMapNode>;
};

// The owner's page: results through POST /retrieval with the app's settings, the summary through the app.
export const ownerSearchBackend = (app: SearchApp): SearchBackend => {
  return {
    key: ["search-run", app.id, app.update_time],
    results: (request, signal) =>
      requestData<RetrievalResult>(`/searches/${app.id}/retrieval`, {
        body: {
          question: request.question,
          doc_ids: request.docIds,
          page: request.page,
          size: request.pageSize,
        } satisfies Body<typeof SearchRetrievalSchema>,
        signal,
      }),
    ask: async (question, docIds, onFrame, signal) => {
      const response = await requestRaw(`/searches/${app.id}/completions`, {
        body: { question, doc_ids: docIds } satisfies Body<typeof SearchCompletionSchema>,
        signal,
      });
      return readEnvelopeFrames<SearchFrame>(response, onFrame);
    },
    related: (question) =>
      requestData<string[]>("/chat/recommendation", {
        body: { question, search_id: app.id } satisfies Body<typeof RecommendationSchema>,
      }),
    mindMap: (question) =>
      requestData<MindMapNode>("/chat/mindmap", {
        body: { question, kb_ids: app.search_config.kb_ids, search_id: app.id } satisfies Body<typeof MindMapSchema>,
      }),
  };
};

// The visitor's side: every call carries the share token, never a login.
export type SearchShareClient = { searchId: string; token: string };

const bot = (client: SearchShareClient) => visitorClient("/searchbots", client.token);

export const sharedSearchInfoQueryOptions = (client: SearchShareClient) =>
  queryOptions({
    queryKey: ["shared-search", client.searchId, client.token, "info"] as const,
    queryFn: () => bot(client).requestData<SharedSearchInfo>("/detail", { query: { search_id: client.searchId } }),
    retry: false,
  });

export const sharedSearchBackend = (client: SearchShareClient): SearchBackend => {
  const { requestData: botData, requestRaw: botRaw } = bot(client);
  const search_id = client.searchId;
  return {
    key: ["shared-search-run", client.searchId, client.token],
    results: (request, signal) =>
      botData<RetrievalResult>("/retrieval_test", {
        body: {
          search_id,
          question: request.question,
          doc_ids: request.docIds,
          page: request.page,
          size: request.pageSize,
        } satisfies Body<typeof SearchbotRetrievalSchema>,
        signal,
      }),
    ask: async (question, docIds, onFrame, signal) =>
      readEnvelopeFrames<SearchFrame>(
        await botRaw("/ask", {
          body: { search_id, question, doc_ids: docIds } satisfies Body<typeof SearchbotAskSchema>,
          signal,
        }),
        onFrame,
      ),
    related: (question) =>
      botData<string[]>("/related_questions", {
        body: { search_id, question } satisfies Body<typeof SearchbotRelatedSchema>,
      }),
    mindMap: (question) =>
      botData<MindMapNode>("/mindmap", { body: { search_id, question } satisfies Body<typeof SearchbotMindMapSchema> }),
  };
};

// One search run's queries; `run` counts the searches, so searching the same words again asks again.
export const searchResultsQueryOptions = (backend: SearchBackend, request: SearchRequest, run: number) =>
  queryOptions({
    queryKey: [...backend.key, "results", request, run] as const,
    queryFn: ({ signal }) => backend.results(request, signal),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const searchRelatedQueryOptions = (backend: SearchBackend, question: string, run: number) =>
  queryOptions({
    queryKey: [...backend.key, "related", question, run] as const,
    queryFn: () => backend.related(question),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const searchMindMapQueryOptions = (backend: SearchBackend, question: string, run: number) =>
  queryOptions({
    queryKey: [...backend.key, "mindmap", question, run] as const,
    queryFn: () => backend.mindMap(question),
    staleTime: Number.POSITIVE_INFINITY,
  });
