import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DatasetTask, IndexType } from "../../worker/contract/dataset-index";
import type { KnowledgeGraphResponse } from "../../worker/contract/knowledge-graph";
import { datasetKeys } from "./datasets";
import { requestData } from "./client";

const indexKeys = {
  task: (datasetId: string, type: IndexType) => [...datasetKeys.detail(datasetId), "index", type] as const,
  graph: (datasetId: string) => [...datasetKeys.detail(datasetId), "graph"] as const,
};
const indexPath = (datasetId: string, type: IndexType) => `/datasets/${datasetId}/index?type=${type}`;

// The dataset's last task of the kind ({} when none), polled every 2 s while it is queued or running.
export const indexTaskQueryOptions = (datasetId: string, type: IndexType) =>
  queryOptions({
    queryKey: indexKeys.task(datasetId, type),
    queryFn: () => requestData<DatasetTask | Record<string, never>>(indexPath(datasetId, type)),
    refetchInterval: (query) => {
      const task = query.state.data;
      return task && "progress" in task && task.progress >= 0 && task.progress < 1 ? 2000 : false;
    },
  });

export const knowledgeGraphQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: indexKeys.graph(datasetId),
    queryFn: () => requestData<KnowledgeGraphResponse>(`/datasets/${datasetId}/knowledge_graph`),
  });

const useIndexMutation = (datasetId: string, type: IndexType, method: "POST" | "DELETE") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData(indexPath(datasetId, type), { method }),
    // the summaries change the dataset's chunk counts, the graph its graph
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.detail(datasetId) }),
  });
};

export const useStartIndexMutation = (datasetId: string, type: IndexType) => useIndexMutation(datasetId, type, "POST");
export const useRemoveIndexMutation = (datasetId: string, type: IndexType) =>
  useIndexMutation(datasetId, type, "DELETE");
