import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_next/datasets")({
  component: () => <ComingSoon titleKey="pages.datasets" />,
});
