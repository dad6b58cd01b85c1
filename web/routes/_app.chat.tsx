import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ChatPage } from "../features/chat/chat-page";

export const ChatSearchSchema = v.looseObject({
  dialogId: v.optional(v.string()),
  conversationId: v.optional(v.string()),
});

export const Route = createFileRoute("/_app/chat")({
  staticData: { titleKey: "chat" },
  validateSearch: ChatSearchSchema,
  component: ChatPage,
});
