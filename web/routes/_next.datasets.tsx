import { createFileRoute } from "@tanstack/react-router";
import { KnowledgeListPage } from "../features/knowledge/list-page";
import { ListSearchSchema } from "./_app.knowledge.index";

const Page = () => {
  const navigate = Route.useNavigate();
  return (
    <KnowledgeListPage
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search })}
      detailTo="/dataset/dataset"
    />
  );
};

export const Route = createFileRoute("/_next/datasets")({
  staticData: { titleKey: "datasets" },
  validateSearch: ListSearchSchema,
  component: Page,
});
