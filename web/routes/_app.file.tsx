import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { FilesPage } from "../features/files/files-page";

const FilesSearchSchema = v.object({
  folder: v.optional(v.string()),
  q: v.optional(v.string()),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

const Page = () => {
  const navigate = Route.useNavigate();
  return <FilesPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
};

export const Route = createFileRoute("/_app/file")({
  staticData: { titleKey: "file" },
  validateSearch: FilesSearchSchema,
  component: Page,
});
