import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_next/dataset/dataset")({
  component: () => <ComingSoon titleKey="pages.dataset" />,
});
