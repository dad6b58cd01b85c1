import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FeedbackReason, Session } from "../../worker/contract/chats";
import { chatKeys, speak } from "./chats";
import { memberClient } from "./client";
import { type ShareClient, shareChatClient, sharedKeys, sharedSpeak } from "./share";

// Who is asking: a member in one of the team's assistants, or a visitor through a share link.
export type Asker = { chatId: string } | { visitor: ShareClient };

// The asker's client and where its conversations of the assistant live.
const endpointOf = (asker: Asker) =>
  "visitor" in asker
    ? { client: shareChatClient(asker.visitor), sessions: "/sessions" }
    : { client: memberClient, sessions: `/chats/${asker.chatId}/sessions` };

export const sessionKeyOf = (asker: Asker, sessionId: string) =>
  "visitor" in asker ? sharedKeys.session(asker.visitor, sessionId) : chatKeys.session(asker.chatId, sessionId);

// Read aloud: the team's TTS model, for a visitor through the share link.
export const speakerOf = (asker: Asker) => ("visitor" in asker ? sharedSpeak(asker.visitor) : speak);

export type FeedbackParams = { messageId: string; thumbup: boolean; reason?: FeedbackReason | null; feedback?: string };

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
