import { createFileRoute } from "@tanstack/react-router";
import { RetrievalTestingPage } from "../features/retrieval";
import { useDatasetId } from "../features/knowledge/use-dataset-id";

const Testing = () => {
  const datasetId = useDatasetId();
  return <RetrievalTestingPage key={datasetId} datasetId={datasetId} />;
};

export const Route = createFileRoute("/_next/dataset/testing")({
  staticData: { titleKey: "testing" },
  component: Testing,
});
