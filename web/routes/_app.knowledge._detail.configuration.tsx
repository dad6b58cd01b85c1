import { createFileRoute } from "@tanstack/react-router";
import { DatasetConfigurationPage } from "../features/knowledge/configuration";

export const Route = createFileRoute("/_app/knowledge/_detail/configuration")({
  staticData: { titleKey: "configuration" },
  component: DatasetConfigurationPage,
});
