import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DatasetTask } from "../../worker/contract/dataset-index";
import { datasetKeys } from "./datasets";
import { requestData } from "./client";

const raptorKeys = { task: (datasetId: string) => [...datasetKeys.detail(datasetId), "raptor"] as const };
const indexPath = (datasetId: string) => `/datasets/${datasetId}/index?type=raptor`;

// The dataset's last RAPTOR task ({} when none), polled every 2 s while it is queued or running.
export const raptorTaskQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: raptorKeys.task(datasetId),
    queryFn: () => requestData<DatasetTask | Record<string, never>>(indexPath(datasetId)),
    refetchInterval: (query) => {
      const task = query.state.data;
      return task && "progress" in task && task.progress >= 0 && task.progress < 1 ? 2000 : false;
    },
  });

const useRaptorMutation = (datasetId: string, method: "POST" | "DELETE") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData(indexPath(datasetId), { method }),
    // the summaries change the dataset's chunk counts too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.detail(datasetId) }),
  });
};

export const useStartRaptorMutation = (datasetId: string) => useRaptorMutation(datasetId, "POST");
export const useRemoveRaptorMutation = (datasetId: string) => useRaptorMutation(datasetId, "DELETE");
