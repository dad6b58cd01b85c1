import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { MemoryPage } from "../features/memory/memory-page";

const MemorySearchSchema = v.object({ id: v.optional(v.string()) });

const Page = () => {
  const navigate = Route.useNavigate();
  return <MemoryPage openId={Route.useSearch().id} onOpen={(id) => void navigate({ search: id ? { id } : {} })} />;
};

export const Route = createFileRoute("/_app/memory")({
  staticData: { titleKey: "memory" },
  validateSearch: MemorySearchSchema,
  component: Page,
});
