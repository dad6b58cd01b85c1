import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { KnowledgeListPage } from "../features/knowledge/list-page";

export const Route = createFileRoute("/_app/knowledge/")({
  validateSearch: v.object({
    q: v.optional(v.string()),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  component: KnowledgeListPage,
});
