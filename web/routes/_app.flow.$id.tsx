import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/flow/$id")({
  component: () => <ComingSoon titleKey="pages.flowEditor" />,
});
