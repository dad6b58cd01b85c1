import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/evaluation/$dialogId")({
  component: () => <ComingSoon titleKey="pages.evaluation" />,
});
