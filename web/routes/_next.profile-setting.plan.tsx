import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_next/profile-setting/plan")({
  component: () => <ComingSoon titleKey="pages.plan" />,
});
