import { createFileRoute } from "@tanstack/react-router";
import { AgentsPage } from "../features/agents/list/agents-page";
import { AgentsSearchSchema } from "../features/agents/list/agents-search";

const Page = () => {
  const navigate = Route.useNavigate();
  return <AgentsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
};

export const Route = createFileRoute("/_app/flow/")({
  staticData: { titleKey: "flowList" },
  validateSearch: AgentsSearchSchema,
  component: Page,
});
