import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useMemo } from "react";
import { SharedAgentPage } from "../features/agents/share/shared-agent-page";
import { parseShareParams } from "../features/share/share-params";
import { useForcedColorMode, useShareLanguage } from "../features/share/use-share-environment";

// Same link parameters as a shared chat: shared_id, auth, locale, theme, and data_<key> for the Begin inputs.
const SharedAgentRoute = () => {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const params = useMemo(() => parseShareParams(searchStr), [searchStr]);
  useShareLanguage(params.locale);
  useForcedColorMode(params.theme);
  const client = useMemo(() => ({ agentId: params.chatId, token: params.token }), [params]);
  return <SharedAgentPage client={client} prefilled={params.variables} />;
};

// Public: shared agents authenticate with their share token, not a session.
export const Route = createFileRoute("/agent/share")({ component: SharedAgentRoute });
