import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/knowledge/_detail/testing")({
  component: () => <ComingSoon titleKey="pages.testing" />,
});
