import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/buddy-eval")({
  component: () => <ComingSoon titleKey="pages.evaluation" />,
});
