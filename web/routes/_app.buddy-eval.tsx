import { createFileRoute } from "@tanstack/react-router";
import { EvaluationPage } from "../features/evaluation/evaluation-page";
import { EvaluationSearchSchema } from "../features/evaluation/search";

const Page = () => {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return (
    <EvaluationPage
      chatId={search.chat}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onChatChange={(chat) => void navigate({ search: { ...search, chat, page: undefined, upage: undefined } })}
    />
  );
};

export const Route = createFileRoute("/_app/buddy-eval")({
  staticData: { titleKey: "evaluation" },
  validateSearch: EvaluationSearchSchema,
  component: Page,
});
