import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/knowledge/dataset/chunk")({
  component: () => <ComingSoon titleKey="pages.chunks" />,
});
