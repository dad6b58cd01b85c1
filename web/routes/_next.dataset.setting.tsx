import { createFileRoute } from "@tanstack/react-router";
import { DatasetConfigurationPage } from "../features/knowledge/configuration";

export const Route = createFileRoute("/_next/dataset/setting")({
  staticData: { titleKey: "datasetSetting" },
  component: DatasetConfigurationPage,
});
