import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/search")({
  component: () => <ComingSoon titleKey="pages.search" />,
});
