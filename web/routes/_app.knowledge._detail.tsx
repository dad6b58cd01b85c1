import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { datasetQueryOptions } from "../api/datasets";
import { KnowledgeDetailLayout } from "../features/knowledge/detail-layout";

export const KnowledgeSearchSchema = v.looseObject({ id: v.optional(v.string(), "") });

// /knowledge/dataset, /configuration and /testing share this frame; the base id travels as ?id=.
export const Route = createFileRoute("/_app/knowledge/_detail")({
  validateSearch: KnowledgeSearchSchema,
  beforeLoad: ({ search }) => {
    if (!search.id) throw redirect({ to: "/knowledge" });
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(datasetQueryOptions(deps.id)),
  component: KnowledgeDetailLayout,
});
