import { createFileRoute } from "@tanstack/react-router";
import { SetSearchSchema } from "../features/evaluation-sets/search";
import { SetPage } from "../features/evaluation-sets/set-page";

const Page = () => {
  const navigate = Route.useNavigate();
  const { setId } = Route.useParams();
  const search = Route.useSearch();
  return <SetPage setId={setId} search={search} onSearchChange={(next) => void navigate({ search: next })} />;
};

export const Route = createFileRoute("/_app/test-sets/$setId")({
  staticData: { titleKey: "testSet" },
  validateSearch: SetSearchSchema,
  component: Page,
});
