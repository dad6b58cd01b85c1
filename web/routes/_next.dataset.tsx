import { createFileRoute, redirect } from "@tanstack/react-router";
import { datasetQueryOptions } from "../api/datasets";
import { KnowledgeDetailLayout } from "../features/knowledge/detail-layout";
import { KnowledgeSearchSchema } from "./_app.knowledge._detail";

export const Route = createFileRoute("/_next/dataset")({
  validateSearch: KnowledgeSearchSchema,
  beforeLoad: ({ search, location }) => {
    if (!search.id && location.pathname !== "/dataset") throw redirect({ to: "/datasets" });
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id ? context.queryClient.ensureQueryData(datasetQueryOptions(deps.id)) : undefined,
  component: () => <KnowledgeDetailLayout variant="next" />,
});
