import type { IndexType } from "../../contract/dataset-index";
import type { ServiceContext } from "../context";
import { currentTaskId } from "./columns";
import { toDatasetTask } from "./serialize";
import { visibleDataset, taskById } from "./internal";

// The dataset's last task of the kind, or {} when it has none (RAGFlow's trace_raptor / trace_graphrag).
export const traceIndexTask = async (ctx: ServiceContext, datasetId: string, type: IndexType) => {
  const dataset = await visibleDataset(ctx, datasetId);
  const task = await taskById(ctx, currentTaskId(dataset, type));
  return task ? toDatasetTask(task) : {};
};
