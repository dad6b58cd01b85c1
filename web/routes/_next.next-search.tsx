import { createFileRoute } from "@tanstack/react-router";
import { SearchPage } from "../features/search";
import { SearchAppSearchSchema } from "./_app.search";

export const Route = createFileRoute("/_next/next-search")({
  staticData: { titleKey: "nextSearch" },
  validateSearch: SearchAppSearchSchema,
  component: SearchPage,
});
