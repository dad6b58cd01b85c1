import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Chat,
  ChatStats,
  CompletionFrame,
  CreateChatInput,
  Session,
  SpeechSchema,
  UpdateChatInput,
} from "../../worker/contract/chats";
import { currentUserId } from "../lib/auth-storage";
import { ApiError, apiError, type Body, envelopeOf, request, requestData, requestRaw } from "./client";
import { readEnvelopeFrames } from "./sse";

export type { Chat, ChatStats, CompletionFrame, Session };
// Chat payloads are written in the API's snake_case (nested prompt_config / llm_setting / design included).
export type ChatChanges = UpdateChatInput;

export const chatKeys = {
  all: ["chats"] as const,
  lists: () => [...chatKeys.all, "list"] as const,
  list: (keywords: string) => [...chatKeys.lists(), keywords] as const,
  detail: (id: string) => [...chatKeys.all, "detail", id] as const,
  sessions: (chatId: string) => [...chatKeys.all, "sessions", chatId] as const,
  session: (chatId: string, sessionId: string) => [...chatKeys.all, "session", chatId, sessionId] as const,
  stats: (chatId: string, from: string, to: string) => [...chatKeys.all, "stats", chatId, from, to] as const,
};

export const chatsQueryOptions = (keywords = "") =>
  queryOptions({
    queryKey: chatKeys.list(keywords),
    queryFn: async () => {
      const { data } = await request<{ chats: Chat[]; total: number }>("/chats", {
        query: { page_size: 1000, keywords: keywords || undefined, orderby: "update_time" },
      });
      return data.chats;
    },
    placeholderData: keepPreviousData,
  });

export const chatQueryOptions = (id: string) =>
  queryOptions({ queryKey: chatKeys.detail(id), queryFn: () => requestData<Chat>(`/chats/${id}`) });

export const sessionsQueryOptions = (chatId: string) =>
  queryOptions({
    queryKey: chatKeys.sessions(chatId),
    // the web app lists the user's own conversations, not those of share-link visitors or API callers
    queryFn: () =>
      requestData<Session[]>(`/chats/${chatId}/sessions`, {
        query: { page_size: 1000, orderby: "update_time", user_id: currentUserId() || undefined },
      }),
  });

export const sessionQueryOptions = (chatId: string, sessionId: string) =>
  queryOptions({
    queryKey: chatKeys.session(chatId, sessionId),
    queryFn: () => requestData<Session>(`/chats/${chatId}/sessions/${sessionId}`),
  });

export const chatStatsQueryOptions = (chatId: string, from: string, to: string) =>
  queryOptions({
    queryKey: chatKeys.stats(chatId, from, to),
    queryFn: () => requestData<ChatStats>(`/chats/${chatId}/stats`, { query: { from, to } }),
  });

export const useCreateChatMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CreateChatInput) => requestData<Chat>("/chats", { body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists() }),
  });
};

export const useUpdateChatMutation = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ChatChanges) => requestData<Chat>(`/chats/${id}`, { method: "PATCH", body: changes }),
    onSuccess: (chat) => {
      queryClient.setQueryData(chatKeys.detail(id), chat);
      return queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
};

export const useDeleteChatMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/chats/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
};

export const useDeleteMessageMutation = (chatId: string, sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      requestData<Session>(`/chats/${chatId}/sessions/${sessionId}/messages/${messageId}`, { method: "DELETE" }),
    onSuccess: (session) => queryClient.setQueryData(chatKeys.session(chatId, sessionId), session),
  });
};

// What the chat page sends: a new question for the session, or the whole history to answer again
// (regenerate); `variables` fill the assistant's prompt variables.
export type AskParams = {
  chatId: string;
  sessionId: string;
  question?: string;
  messages?: { role: "user" | "assistant"; content: string; id?: string }[];
  variables?: Record<string, string>;
};

// A question (or the history to answer again) for a session; the prompt variables go beside the question.
export const completionBody = (params: Omit<AskParams, "chatId">) => ({
  ...params.variables,
  question: params.question,
  messages: params.messages,
  session_id: params.sessionId,
  stream: true,
});

// POST /chats/{id}/completions as SSE: calls onFrame for every `data:` frame until `data: true`.
export const streamCompletion = async (
  params: AskParams,
  onFrame: (frame: CompletionFrame) => void,
  signal?: AbortSignal,
) => {
  const response = await requestRaw(`/chats/${params.chatId}/completions`, {
    method: "POST",
    body: completionBody(params),
    signal,
  });
  return readEnvelopeFrames(response, onFrame);
};

// The spoken audio, or the envelope's refusal (e.g. 102 "No default TTS model is set") as an error.
export const audioFrom = async (response: Response) => {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("audio/")) {
    throw apiError(response, await envelopeOf(response));
  }
  return response.blob();
};

export const speak = async (text: string, signal?: AbortSignal) =>
  audioFrom(
    await requestRaw("/chat/audio/speech", {
      method: "POST",
      body: { text } satisfies Body<typeof SpeechSchema>,
      signal,
    }),
  );

export const transcribe = async (audio: Blob, fileName = "speech.webm") => {
  const form = new FormData();
  form.set("file", audio, fileName);
  return (await requestData<{ text: string }>("/chat/audio/transcription", { method: "POST", body: form })).text;
};

// Export of one assistant's conversations in a date range (YYYY-MM-DD) as a file download.
export const exportHistory = async (chatId: string, from: string, to: string, format: "json" | "csv" | "md") => {
  const response = await requestRaw(`/chats/${chatId}/export`, { query: { from, to, format } });
  if (!response.ok) throw new ApiError(response.status, response.statusText, response.status);
  if ((response.headers.get("Content-Type") ?? "").includes("application/json") && format !== "json")
    throw apiError(response, await envelopeOf(response));
  return response.blob();
};
