import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useMemo } from "react";
import { SharedChatPage } from "../features/share/shared-chat-page";
import { parseShareParams } from "../features/share/share-params";

const SharedChatRoute = () => {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const params = useMemo(() => parseShareParams(searchStr), [searchStr]);
  return <SharedChatPage params={params} />;
};

// Public: shared chats authenticate with their share token, not a session.
export const Route = createFileRoute("/chat/share")({
  // the shared chat names the tab after its assistant
  staticData: { ownTitle: true },
  component: SharedChatRoute,
});
