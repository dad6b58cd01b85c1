import { createFileRoute } from "@tanstack/react-router";
import { ModelProvidersPage } from "../features/models";

export const Route = createFileRoute("/_app/user-setting/model")({
  staticData: { titleKey: "model" },
  component: ModelProvidersPage,
});
