import { createFileRoute } from "@tanstack/react-router";
import { IngestionLogsPage } from "../features/knowledge/logs";
import { useDatasetId } from "../features/knowledge/use-dataset-id";

const Logs = () => {
  const datasetId = useDatasetId();
  return <IngestionLogsPage key={datasetId} datasetId={datasetId} />;
};

export const Route = createFileRoute("/_next/dataset/overview")({ component: Logs });
