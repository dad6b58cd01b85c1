import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompletionFrame, FeedbackReason, Session } from "../../worker/contract/chats";
import type { SharedChatInfo, ShareToken, ShareTokenInput, UpdateShareTokenInput } from "../../worker/contract/share";
import { audioFrom, readCompletionFrames } from "./chats";
import { API_BASE, ApiError, requestData } from "./client";

export type { SharedChatInfo, ShareToken };

// ---- the owner's share links of an assistant or an agent ----

export type ShareTarget = { kind: "chat" | "agent" | "search"; id: string };

const COLLECTIONS = { chat: "chats", agent: "agents", search: "searches" } as const;
const tokensPath = (target: ShareTarget) => `/${COLLECTIONS[target.kind]}/${target.id}/share-tokens`;

export const shareTokenKeys = { of: (target: ShareTarget) => ["share-tokens", target.kind, target.id] as const };

export const shareTokensQueryOptions = (target: ShareTarget) =>
  queryOptions({ queryKey: shareTokenKeys.of(target), queryFn: () => requestData<ShareToken[]>(tokensPath(target)) });

const useShareTokenMutation = <I, R>(target: ShareTarget, mutationFn: (input: I) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareTokenKeys.of(target) }),
  });
};

export const useCreateShareTokenMutation = (target: ShareTarget) =>
  useShareTokenMutation(target, (input: Partial<ShareTokenInput>) =>
    requestData<ShareToken>(tokensPath(target), { body: JSON.stringify(input) }),
  );

export const useUpdateShareTokenMutation = (target: ShareTarget) =>
  useShareTokenMutation(target, ({ id, ...input }: UpdateShareTokenInput & { id: string }) =>
    requestData<ShareToken>(`${tokensPath(target)}/${id}`, { method: "PATCH", body: JSON.stringify(input) }),
  );

export const useDeleteShareTokenMutation = (target: ShareTarget) =>
  useShareTokenMutation(target, (id: string) =>
    requestData<boolean>(`${tokensPath(target)}/${id}`, { method: "DELETE" }),
  );

// The link a visitor opens; embed codes and the Chrome extension use the same URL.
export const shareUrl = (
  origin: string,
  chatId: string,
  token: string,
  options: { locale?: string; theme?: "light" | "dark"; visibleAvatar?: boolean; question?: string } = {},
) => {
  const url = new URL("/chat/share", origin);
  url.searchParams.set("shared_id", chatId);
  url.searchParams.set("from", "chat");
  url.searchParams.set("auth", token);
  if (options.locale) url.searchParams.set("locale", options.locale);
  if (options.theme) url.searchParams.set("theme", options.theme);
  if (options.visibleAvatar !== undefined) url.searchParams.set("visible_avatar", options.visibleAvatar ? "1" : "0");
  if (options.question) url.searchParams.set("question", options.question);
  return url.toString();
};

// ---- the visitor's side: every call carries the share token and the visitor id, never a login ----

export type ShareClient = { chatId: string; token: string; visitorId: string };

const VISITOR_KEY = "buddy-visitor-id";

let memoryVisitorId: string | null = null;

// A random id kept in this browser, so a visitor finds its conversations again. Where an embed may not use
// storage (blocked third-party storage) the id lasts as long as the page.
export const visitorId = () => {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = `v-${crypto.randomUUID().replaceAll("-", "")}`;
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    memoryVisitorId ??= `v-${crypto.randomUUID().replaceAll("-", "")}`;
    return memoryVisitorId;
  }
};

const sharedFetch = async (
  client: ShareClient,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
) => {
  const url = `${API_BASE}/share/chats/${client.chatId}${path}${path.includes("?") ? "&" : "?"}visitor_id=${encodeURIComponent(client.visitorId)}`;
  try {
    return await fetch(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        Authorization: `Bearer ${client.token}`,
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(-1, "network", 0);
  }
};

const sharedData = async <T>(client: ShareClient, path: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await sharedFetch(client, path, init);
  const envelope = (await response.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!envelope) throw new ApiError(response.status, response.statusText, response.status, false);
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message, response.status);
  return envelope.data;
};

// Read aloud for a visitor: the team's TTS model through the share link (the browser's voice when there is none).
export const sharedSpeak = (client: ShareClient) => async (text: string) =>
  audioFrom(await sharedFetch(client, "/audio/speech", { body: { text } }));

export const sharedKeys = {
  info: (client: ShareClient) => ["shared-chat", client.chatId, client.token, "info"] as const,
  sessions: (client: ShareClient) =>
    ["shared-chat", client.chatId, client.token, client.visitorId, "sessions"] as const,
  session: (client: ShareClient, id: string) =>
    ["shared-chat", client.chatId, client.token, client.visitorId, "session", id] as const,
};

export const sharedInfoQueryOptions = (client: ShareClient) =>
  queryOptions({
    queryKey: sharedKeys.info(client),
    queryFn: () => sharedData<SharedChatInfo>(client, ""),
    retry: false,
  });
export const sharedSessionsQueryOptions = (client: ShareClient) =>
  queryOptions({ queryKey: sharedKeys.sessions(client), queryFn: () => sharedData<Session[]>(client, "/sessions") });
export const sharedSessionQueryOptions = (client: ShareClient, id: string) =>
  queryOptions({
    queryKey: sharedKeys.session(client, id),
    queryFn: () => sharedData<Session>(client, `/sessions/${id}`),
  });

export const createSharedSession = (client: ShareClient, name: string) =>
  sharedData<Session>(client, "/sessions", { body: { name } });
export const renameSharedSession = (client: ShareClient, id: string, name: string) =>
  sharedData<Session>(client, `/sessions/${id}`, { method: "PATCH", body: { name } });
export const deleteSharedSession = (client: ShareClient, id: string) =>
  sharedData<unknown>(client, `/sessions/${id}`, { method: "DELETE" });
export const sharedFeedback = (
  client: ShareClient,
  sessionId: string,
  messageId: string,
  body: { thumbup: boolean; reason?: FeedbackReason | null; feedback?: string },
) => sharedData<Session>(client, `/sessions/${sessionId}/messages/${messageId}/feedback`, { method: "PUT", body });

export const streamSharedCompletion = async (
  client: ShareClient,
  params: {
    sessionId: string;
    question?: string;
    messages?: { role: "user" | "assistant"; content: string; id?: string }[];
    variables?: Record<string, string>;
  },
  onFrame: (frame: CompletionFrame) => void,
  signal?: AbortSignal,
) => {
  const response = await sharedFetch(client, "/completions", {
    body: {
      ...params.variables,
      question: params.question,
      messages: params.messages,
      session_id: params.sessionId,
      stream: true,
    },
    signal,
  });
  return readCompletionFrames(response, onFrame);
};

// ---- the visitor's changes, keeping the cached list and session current ----

export const useCreateSharedSessionMutation = (client: ShareClient) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createSharedSession(client, name),
    onSuccess: (session) => {
      queryClient.setQueryData(sharedKeys.session(client, session.id), session);
      return queryClient.invalidateQueries({ queryKey: sharedKeys.sessions(client) });
    },
  });
};

export const useRenameSharedSessionMutation = (client: ShareClient) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameSharedSession(client, id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.sessions(client) }),
  });
};

export const useDeleteSharedSessionMutation = (client: ShareClient) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSharedSession(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.sessions(client) }),
  });
};

export const useSharedFeedbackMutation = (client: ShareClient, sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      messageId,
      ...body
    }: {
      messageId: string;
      thumbup: boolean;
      reason?: FeedbackReason | null;
      feedback?: string;
    }) => sharedFeedback(client, sessionId, messageId, body),
    onSuccess: (session) => queryClient.setQueryData(sharedKeys.session(client, sessionId), session),
  });
};
