import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSessionSchema, FeedbackSchema, Session } from "../../worker/contract/chats";
import type { DeleteByIdsSchema } from "../../worker/contract/datasets";
import { chatKeys, sessionsQueryOptions, speak } from "./chats";
import { type Body, memberClient } from "./client";
import { type ShareClient, shareChatClient, sharedKeys, sharedSessionsQueryOptions, sharedSpeak } from "./share";

// Who is asking: a member in one of the team's assistants, or a visitor through a share link.
export type Asker = { chatId: string } | { visitor: ShareClient };

// The asker's client and where its conversations of the assistant live.
const endpointOf = (asker: Asker) =>
  "visitor" in asker
    ? { client: shareChatClient(asker.visitor), sessions: "/sessions" }
    : { client: memberClient, sessions: `/chats/${asker.chatId}/sessions` };

// The asker's own conversations with the assistant.
export const sessionsQueryOf = (asker: Asker) => {
  const { queryKey, queryFn } =
    "visitor" in asker ? sharedSessionsQueryOptions(asker.visitor) : sessionsQueryOptions(asker.chatId);
  return queryOptions({ queryKey: queryKey as readonly unknown[], queryFn: queryFn as () => Promise<Session[]> });
};

const sessionsKeyOf = (asker: Asker) =>
  "visitor" in asker ? sharedKeys.sessions(asker.visitor) : chatKeys.sessions(asker.chatId);

export const sessionKeyOf = (asker: Asker, sessionId: string) =>
  "visitor" in asker ? sharedKeys.session(asker.visitor, sessionId) : chatKeys.session(asker.chatId, sessionId);

// Read aloud: the team's TTS model, for a visitor through the share link.
export const speakerOf = (asker: Asker) => ("visitor" in asker ? sharedSpeak(asker.visitor) : speak);

export type FeedbackParams = Body<typeof FeedbackSchema> & { messageId: string };

export const useFeedbackMutation = (asker: Asker, sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, ...body }: FeedbackParams) => {
      const { client, sessions } = endpointOf(asker);
      return client.requestData<Session>(`${sessions}/${sessionId}/messages/${messageId}/feedback`, {
        method: "PUT",
        body,
      });
    },
    onSuccess: (session) => queryClient.setQueryData(sessionKeyOf(asker, sessionId), session),
  });
};

export const useCreateSessionMutation = (asker: Asker) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => {
      const { client, sessions } = endpointOf(asker);
      return client.requestData<Session>(sessions, {
        body: { name } satisfies Body<typeof CreateSessionSchema>,
      });
    },
    onSuccess: (session) => {
      // a visitor's new conversation opens at once, without asking for it again
      if ("visitor" in asker) queryClient.setQueryData(sessionKeyOf(asker, session.id), session);
      return queryClient.invalidateQueries({ queryKey: sessionsKeyOf(asker) });
    },
  });
};

export const useRenameSessionMutation = (asker: Asker) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => {
      const { client, sessions } = endpointOf(asker);
      return client.requestData<Session>(`${sessions}/${id}`, { method: "PATCH", body: { name } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKeyOf(asker) }),
  });
};

// A member deletes by a list of ids (RAGFlow's API), a visitor one conversation by its path.
export const useDeleteSessionMutation = (asker: Asker) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      const { client, sessions } = endpointOf(asker);
      return "visitor" in asker
        ? client.requestData<unknown>(`${sessions}/${id}`, { method: "DELETE" })
        : client.requestData<unknown>(sessions, {
            method: "DELETE",
            body: { ids: [id] } satisfies Body<typeof DeleteByIdsSchema>,
          });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKeyOf(asker) }),
  });
};
