import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreateDatasetSchema,
  Dataset,
  DeleteByIdsSchema,
  ParsingStatusCounts,
  UpdateDatasetRequestSchema,
} from "../../worker/contract/datasets";
import { type Body, request, requestData } from "./client";

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

export const useCreateDatasetMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Body<typeof CreateDatasetSchema>) =>
      requestData<Dataset>("/datasets", { body: input as object }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
  });
};

export const useUpdateDatasetMutation = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Body<typeof UpdateDatasetRequestSchema>) =>
      requestData<Dataset>(`/datasets/${id}`, { method: "PUT", body: changes as object }),
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
      requestData<{ success_count: number }>("/datasets", {
        method: "DELETE",
        body: { ids } satisfies Body<typeof DeleteByIdsSchema>,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
  });
};
