import { and, eq, inArray } from "drizzle-orm";
import type { IndexType } from "../../contract/dataset-index";
import { datasets, datasetTasks, RUN } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { currentTaskId, taskFields } from "./columns";
import { INDEX_KINDS } from "./kinds";
import { recordDatasetTaskLog } from "../ingestion-logs/record";
import { ACTIVE_STATES, manageableDataset } from "./internal";

// Cancels a running task and removes what the kind built (RAGFlow's unbind_task).
export const removeIndex = async (ctx: ServiceContext, datasetId: string, type: IndexType) => {
  const dataset = await manageableDataset(ctx, datasetId);
  const taskId = currentTaskId(dataset, type);
  if (taskId) {
    const [cancelled] = await ctx.db
      .update(datasetTasks)
      .set({ state: "cancelled", updateTime: nowMs() })
      .where(and(eq(datasetTasks.id, taskId), inArray(datasetTasks.state, [...ACTIVE_STATES])))
      .returning();
    if (cancelled) await recordDatasetTaskLog(ctx, cancelled, RUN.cancel);
  }
  await INDEX_KINDS[type].remove(ctx, datasetId);
  await ctx.db
    .update(datasets)
    .set(taskFields(type, null, null))
    .where(eq(datasets.id, datasetId));
  return true;
};
