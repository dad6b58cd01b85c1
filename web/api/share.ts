import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompletionFrame, Session, SpeechSchema } from "../../worker/contract/chats";
import type { SharedChatInfo, ShareToken, ShareTokenInput, UpdateShareTokenInput } from "../../worker/contract/share";
import { type AskParams, audioFrom, completionBody } from "./chats";
import { type Body, requestData, visitorClient } from "./client";
import { readEnvelopeFrames } from "./sse";

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
    requestData<ShareToken>(tokensPath(target), { body: input }),
  );

export const useUpdateShareTokenMutation = (target: ShareTarget) =>
  useShareTokenMutation(target, ({ id, ...input }: UpdateShareTokenInput & { id: string }) =>
    requestData<ShareToken>(`${tokensPath(target)}/${id}`, { method: "PATCH", body: input }),
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

export const shareChatClient = (client: ShareClient) =>
  visitorClient(`/share/chats/${client.chatId}`, client.token, () => client.visitorId);

// Read aloud for a visitor: the team's TTS model through the share link (the browser's voice when there is none).
export const sharedSpeak = (client: ShareClient) => async (text: string) =>
  audioFrom(
    await shareChatClient(client).requestRaw("/audio/speech", { body: { text } satisfies Body<typeof SpeechSchema> }),
  );

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
    queryFn: () => shareChatClient(client).requestData<SharedChatInfo>(""),
    retry: false,
  });
export const sharedSessionsQueryOptions = (client: ShareClient) =>
  queryOptions({
    queryKey: sharedKeys.sessions(client),
    queryFn: () => shareChatClient(client).requestData<Session[]>("/sessions"),
  });
export const sharedSessionQueryOptions = (client: ShareClient, id: string) =>
  queryOptions({
    queryKey: sharedKeys.session(client, id),
    queryFn: () => shareChatClient(client).requestData<Session>(`/sessions/${id}`),
  });

export const renameSharedSession = (client: ShareClient, id: string, name: string) =>
  shareChatClient(client).requestData<Session>(`/sessions/${id}`, { method: "PATCH", body: { name } });
export const streamSharedCompletion = async (
  client: ShareClient,
  params: Omit<AskParams, "chatId">,
  onFrame: (frame: CompletionFrame) => void,
  signal?: AbortSignal,
) => {
  const response = await shareChatClient(client).requestRaw("/completions", {
    body: completionBody(params),
    signal,
  });
  return readEnvelopeFrames(response, onFrame);
};
