import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Dataset, ParsingStatusCounts } from "../../worker/contract/datasets";
import type { ParserConfigInput } from "../../worker/contract/parser-config";
import { request, requestData } from "./client";

export type DatasetListParams = { page: number; pageSize: number; keywords?: string };
export type DatasetWithStatus = Dataset & Partial<ParsingStatusCounts>;

export const datasetKeys = {
  all: ["datasets"] as const,
  lists: () => [...datasetKeys.all, "list"] as const,
  list: (params: DatasetListParams) => [...datasetKeys.lists(), params] as const,
  detail: (id: string) => [...datasetKeys.all, "detail", id] as const,
};

export const datasetsQueryOptions = (params: DatasetListParams) =>
  queryOptions({
    queryKey: datasetKeys.list(params),
    queryFn: async () => {
      const { data, envelope } = await request<DatasetWithStatus[]>("/datasets", {
        query: {
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          include_parsing_status: true,
          orderby: "update_time",
        },
      });
      return { datasets: data, total: Number(envelope.total_datasets ?? data.length) };
    },
    placeholderData: keepPreviousData,
  });

// Every knowledge base the list endpoint returns in one page (pickers check against the same list).
export const allDatasetsQueryOptions = () => datasetsQueryOptions({ page: 1, pageSize: 1000 });

export const datasetQueryOptions = (id: string) =>
  queryOptions({ queryKey: datasetKeys.detail(id), queryFn: () => requestData<Dataset>(`/datasets/${id}`) });

// The form state the web app edits; keys are converted to snake_case on the wire.
export type DatasetChanges = {
  name?: string;
  avatar?: string;
  description?: string | null;
  language?: string;
  permission?: "me" | "team";
  embeddingModel?: string;
  chunkMethod?: string;
  pagerank?: number;
  parserConfig?: ParserConfigInput;
};

export const useCreateDatasetMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DatasetChanges & { name: string }) => requestData<Dataset>("/datasets", { body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
  });
};

export const useUpdateDatasetMutation = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DatasetChanges) => requestData<Dataset>(`/datasets/${id}`, { method: "PUT", body: changes }),
    onSuccess: (dataset) => {
      queryClient.setQueryData(datasetKeys.detail(id), dataset);
      return queryClient.invalidateQueries({ queryKey: datasetKeys.lists() });
    },
  });
};

export const useDeleteDatasetsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      requestData<{ success_count: number }>("/datasets", { method: "DELETE", body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
  });
};
