import { createFileRoute } from "@tanstack/react-router";
import { TeamPage } from "../features/teams/team-page";

export const Route = createFileRoute("/_next/profile-setting/team")({
  staticData: { titleKey: "team" },
  component: TeamPage,
});
