import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_next/next-search")({
  component: () => <ComingSoon titleKey="pages.nextSearch" />,
});
