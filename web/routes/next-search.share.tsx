import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useMemo } from "react";
import { parseSharedSearchParams, SharedSearchPage } from "../features/search";

const SharedSearchRoute = () => {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const params = useMemo(() => parseSharedSearchParams(searchStr), [searchStr]);
  return <SharedSearchPage params={params} />;
};

// Public: shared search apps authenticate with their share token, not a session.
export const Route = createFileRoute("/next-search/share")({ component: SharedSearchRoute });
