import { createFileRoute } from "@tanstack/react-router";
import { AgentsPage } from "../features/agents/list/agents-page";
import { AgentsSearchSchema } from "../features/agents/list/agents-search";

// The new-style layout's agent list: the same page as /flow; opening an agent goes to the editor.
const Page = () => {
  const navigate = Route.useNavigate();
  return <AgentsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
};

export const Route = createFileRoute("/_next/agent")({
  staticData: { titleKey: "agent" },
  validateSearch: AgentsSearchSchema,
  component: Page,
});
