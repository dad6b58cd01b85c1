import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { SearchPage } from "../features/search";

export const SearchAppSearchSchema = v.looseObject({ id: v.optional(v.string()) });

export const Route = createFileRoute("/_app/search")({
  staticData: { titleKey: "search" },
  validateSearch: SearchAppSearchSchema,
  component: SearchPage,
});
