import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { KnowledgeListPage } from "../features/knowledge/list-page";

export const ListSearchSchema = v.object({
  q: v.optional(v.string()),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

const Page = () => {
  const navigate = Route.useNavigate();
  return (
    <KnowledgeListPage
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search })}
      detailTo="/knowledge/dataset"
    />
  );
};

export const Route = createFileRoute("/_app/knowledge/")({
  staticData: { titleKey: "knowledgeList" },
  validateSearch: ListSearchSchema,
  component: Page,
});
