export { IngestionLogsPage } from "./ingestion-logs-page";
