import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/user-setting/team")({
  component: () => <ComingSoon titleKey="pages.team" />,
});
