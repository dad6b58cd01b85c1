import { createFileRoute } from "@tanstack/react-router";
import { TeamPage } from "../features/teams/team-page";

export const Route = createFileRoute("/_app/user-setting/team")({
  staticData: { titleKey: "team" },
  component: TeamPage,
});
