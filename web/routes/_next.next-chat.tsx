import { createFileRoute } from "@tanstack/react-router";
import { ChatPage } from "../features/chat/chat-page";
import { ChatSearchSchema } from "./_app.chat";

export const Route = createFileRoute("/_next/next-chat")({
  staticData: { titleKey: "nextChat" },
  validateSearch: ChatSearchSchema,
  component: ChatPage,
});
