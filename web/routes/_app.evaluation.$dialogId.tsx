import { createFileRoute } from "@tanstack/react-router";
import { EvaluationPage } from "../features/evaluation/evaluation-page";
import { EvaluationSearchSchema } from "../features/evaluation/search";

// One assistant's evaluation; choosing another assistant (or all) keeps the other filters.
const Page = () => {
  const navigate = Route.useNavigate();
  const { dialogId } = Route.useParams();
  const search = Route.useSearch();
  return (
    <EvaluationPage
      chatId={dialogId}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onChatChange={(id) =>
        void (id
          ? navigate({
              to: "/evaluation/$dialogId",
              params: { dialogId: id },
              search: { ...search, page: undefined, upage: undefined },
            })
          : navigate({ to: "/buddy-eval", search: { ...search, chat: undefined, page: undefined, upage: undefined } }))
      }
    />
  );
};

export const Route = createFileRoute("/_app/evaluation/$dialogId")({
  staticData: { titleKey: "evaluation" },
  validateSearch: EvaluationSearchSchema,
  component: Page,
});
