import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { IngestionLogList, IngestionSummary } from "../../worker/contract/ingestion-logs";
import { datasetKeys } from "./datasets";
import { requestData } from "./client";

export type LogType = "file" | "dataset";
export type IngestionLogParams = { logType: LogType; page: number; pageSize: number; keywords: string; status: string };

const logKeys = {
  all: (datasetId: string) => [...datasetKeys.detail(datasetId), "ingestions"] as const,
  list: (datasetId: string, params: IngestionLogParams) => [...logKeys.all(datasetId), "list", params] as const,
  summary: (datasetId: string) => [...logKeys.all(datasetId), "summary"] as const,
};

// Newest first; refreshed every 5 s while the page is open, as parses keep finishing.
export const ingestionLogsQueryOptions = (datasetId: string, params: IngestionLogParams) =>
  queryOptions({
    queryKey: logKeys.list(datasetId, params),
    queryFn: () =>
      requestData<IngestionLogList>(`/datasets/${datasetId}/ingestions`, {
        query: {
          log_type: params.logType,
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          operation_status: params.status || undefined,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });

export const ingestionSummaryQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: logKeys.summary(datasetId),
    queryFn: () => requestData<IngestionSummary>(`/datasets/${datasetId}/ingestions/summary`),
    refetchInterval: 5000,
  });
