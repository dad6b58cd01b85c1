import { createFileRoute } from "@tanstack/react-router";
import { DocumentsPage } from "../features/documents/documents-page";
import { useDatasetId } from "../features/knowledge/use-dataset-id";

const DatasetTab = () => <DocumentsPage datasetId={useDatasetId()} />;

export const Route = createFileRoute("/_app/knowledge/_detail/dataset/")({
  staticData: { titleKey: "dataset" },
  component: DatasetTab,
});
