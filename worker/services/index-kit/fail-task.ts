import { eq } from "drizzle-orm";
import { datasetTasks, RUN } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { recordDatasetTaskLog } from "../ingestion-logs/record";
import { appendLine, progressLine } from "../progress/lines";

// A dataset task's progress line (the task spans the whole dataset: no page range).
export const taskLine = (message: string) => progressLine(message, 0, 0);

// Ends a dataset task as failed with the reason as its last line (the runner, the watchdog and the queue's
// last retry all end tasks this way).
export const failDatasetTask = async (deps: Deps, taskId: string, reason: string) => {
  const task = await deps.db.query.datasetTasks.findFirst({ where: eq(datasetTasks.id, taskId) });
  if (!task || task.state === "done" || task.state === "cancelled" || task.state === "failed") return;
  const [failed] = await deps.db
    .update(datasetTasks)
    .set({
      state: "failed",
      progress: -1,
      progressMsg: appendLine(task.progressMsg, taskLine(`[ERROR] ${reason}`)),
      updateTime: nowMs(),
    })
    .where(eq(datasetTasks.id, taskId))
    .returning();
  if (failed) await recordDatasetTaskLog(deps, failed, RUN.fail);
};
