import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MindMapNode } from "../../worker/contract/mindmap";
import type { RetrievalResult } from "../../worker/contract/retrieval";
import type {
  CreateSearchInput,
  SearchApp,
  SearchConfig,
  SearchFrame,
  SharedSearchInfo,
  UpdateSearchInput,
} from "../../worker/contract/searches";
import { API_BASE, ApiError, requestData, requestRaw } from "./client";
import { readSseData } from "./sse";

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
      requestData<{ search_id: string }>("/searches", { body: JSON.stringify(input) }),
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
    }) => requestData<SearchApp>(`/searches/${id}`, { method: "PUT", body: JSON.stringify(input) }),
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

// Reads RAGFlow's SSE frames until `data: true`; an error frame or envelope is thrown.
export const readSearchFrames = (response: Response, onFrame: (frame: SearchFrame) => void) =>
  readSseData(response, (line) => {
    const payload = JSON.parse(line) as { code: number; message: string; data: SearchFrame | boolean };
    if (payload.code !== 0) throw new ApiError(payload.code, payload.message, 200);
    if (payload.data === true) return true;
    if (typeof payload.data === "object") onFrame(payload.data);
  });

// The owner's page: results through POST /retrieval with the app's settings, the summary through the app.
export const ownerSearchBackend = (app: SearchApp): SearchBackend => {
  return {
    key: ["search-run", app.id, app.update_time],
    results: (request, signal) =>
      requestData<RetrievalResult>(`/searches/${app.id}/retrieval`, {
        body: { question: request.question, doc_ids: request.docIds, page: request.page, size: request.pageSize },
        signal,
      }),
    ask: async (question, docIds, onFrame, signal) => {
      const response = await requestRaw(`/searches/${app.id}/completions`, {
        body: { question, doc_ids: docIds },
        signal,
      });
      return readSearchFrames(response, onFrame);
    },
    related: (question) => requestData<string[]>("/chat/recommendation", { body: { question, search_id: app.id } }),
    mindMap: (question) =>
      requestData<MindMapNode>("/chat/mindmap", {
        body: { question, kb_ids: app.search_config.kb_ids, search_id: app.id },
      }),
  };
};

// The visitor's side: every call carries the share token, never a login.
export type SearchShareClient = { searchId: string; token: string };

const botFetch = async (client: SearchShareClient, path: string, body?: unknown, signal?: AbortSignal) => {
  try {
    return await fetch(`${API_BASE}/searchbots${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${client.token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(-1, "network", 0);
  }
};

const botData = async <T>(client: SearchShareClient, path: string, body?: unknown, signal?: AbortSignal) => {
  const response = await botFetch(client, path, body, signal);
  const envelope = (await response.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!envelope) throw new ApiError(response.status, response.statusText, response.status, false);
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message, response.status);
  return envelope.data;
};

export const sharedSearchInfoQueryOptions = (client: SearchShareClient) =>
  queryOptions({
    queryKey: ["shared-search", client.searchId, client.token, "info"] as const,
    queryFn: () => botData<SharedSearchInfo>(client, `/detail?search_id=${encodeURIComponent(client.searchId)}`),
    retry: false,
  });

export const sharedSearchBackend = (client: SearchShareClient): SearchBackend => ({
  key: ["shared-search-run", client.searchId, client.token],
  results: (request, signal) =>
    botData<RetrievalResult>(
      client,
      "/retrieval_test",
      {
        search_id: client.searchId,
        question: request.question,
        doc_ids: request.docIds,
        page: request.page,
        size: request.pageSize,
      },
      signal,
    ),
  ask: async (question, docIds, onFrame, signal) =>
    readSearchFrames(
      await botFetch(client, "/ask", { search_id: client.searchId, question, doc_ids: docIds }, signal),
      onFrame,
    ),
  related: (question) => botData<string[]>(client, "/related_questions", { search_id: client.searchId, question }),
  mindMap: (question) => botData<MindMapNode>(client, "/mindmap", { search_id: client.searchId, question }),
});

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
