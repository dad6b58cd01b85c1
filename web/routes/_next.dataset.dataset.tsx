import { createFileRoute } from "@tanstack/react-router";
import { DocumentsPage } from "../features/documents/documents-page";
import { useDatasetId } from "../features/knowledge/use-dataset-id";

const DatasetTab = () => <DocumentsPage datasetId={useDatasetId()} />;

export const Route = createFileRoute("/_next/dataset/dataset")({
  staticData: { titleKey: "dataset" },
  component: DatasetTab,
});
