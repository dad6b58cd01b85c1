import { createFileRoute } from "@tanstack/react-router";
import { PlanPage } from "../features/plan/plan-page";

export const Route = createFileRoute("/_next/profile-setting/plan")({
  staticData: { titleKey: "plan" },
  component: PlanPage,
});
