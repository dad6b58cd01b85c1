import { createFileRoute } from "@tanstack/react-router";
import { ModelProvidersPage } from "../features/models";

export const Route = createFileRoute("/_next/profile-setting/model")({
  staticData: { titleKey: "model" },
  component: ModelProvidersPage,
});
