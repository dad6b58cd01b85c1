import { createFileRoute } from "@tanstack/react-router";
import { SystemModelsPage } from "../features/models";

export const Route = createFileRoute("/_app/user-setting/system")({
  staticData: { titleKey: "system" },
  component: SystemModelsPage,
});
