import { and, eq } from "drizzle-orm";
import type { IndexType } from "../../contract/dataset-index";
import { datasets, datasetTasks, type DatasetTaskRow, RUN } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { IndexMessage } from "../../platform/queue";
import type { Deps } from "../context";
import { appendLine, seconds } from "../progress/lines";
import { recordDatasetTaskLog } from "../ingestion-logs/record";
import { currentTaskId, finishField } from "./columns";
import { type IndexBuilder, IndexTaskFailed, TaskCancelled } from "../index-kit/builder";
import { failDatasetTask, taskLine } from "../index-kit/fail-task";

const reporter = (deps: Deps, task: DatasetTaskRow) => {
  let log = task.progressMsg;
  const write = async (values: Partial<DatasetTaskRow>, message?: string) => {
    if (message) log = appendLine(log, taskLine(message));
    const [row] = await deps.db
      .update(datasetTasks)
      .set({ ...values, progressMsg: log, heartbeatAt: nowMs(), updateTime: nowMs() })
      .where(and(eq(datasetTasks.id, task.id), eq(datasetTasks.state, "running")))
      .returning({ id: datasetTasks.id });
    // cancelled (or removed) meanwhile: stop here
    if (!row) throw new TaskCancelled();
  };
  let current = task.progress;
  const report = (progress: number, message?: string) => {
    current = progress;
    return write({ progress }, message);
  };
  return {
    report,
    note: (message: string) => write({ progress: current }, message),
    beat: () => write({ progress: current }),
    write,
  };
};

// One dataset task from the queue: only the dataset's current task of its kind runs; progress lines, a
// heartbeat with each, and the "done" line with the duration; cancellation is noticed at the next line.
export const runIndexTask = async (deps: Deps, message: IndexMessage, builders: Record<IndexType, IndexBuilder>) => {
  const task = await deps.db.query.datasetTasks.findFirst({
    where: and(eq(datasetTasks.id, message.taskId), eq(datasetTasks.tenantId, message.tenantId)),
  });
  if (!task || task.state === "done" || task.state === "cancelled" || task.state === "failed") return;
  const dataset = await deps.db.query.datasets.findFirst({ where: eq(datasets.id, task.datasetId) });
  if (!dataset || currentTaskId(dataset, task.taskType) !== task.id) {
    await deps.db
      .update(datasetTasks)
      .set({ state: "cancelled", updateTime: nowMs() })
      .where(eq(datasetTasks.id, task.id));
    return;
  }
  const started = nowMs();
  await deps.db
    .update(datasetTasks)
    .set({ state: "running", attempts: task.attempts + 1, beginAt: started, heartbeatAt: started })
    .where(eq(datasetTasks.id, task.id));
  const running = { ...task, state: "running" as const };
  const { report, note, beat, write } = reporter(deps, running);
  const builder = builders[task.taskType];
  try {
    await report(0.01, "Task has been received.");
    const chunkIds = await builder.build(deps, dataset, running, { report, note, beat });
    await write(
      { state: "done", progress: 1, duration: (nowMs() - started) / 1000, chunkIds },
      `Task done (${seconds(started)}).`,
    );
    await deps.db.update(datasets).set(finishField(task.taskType, nowMs())).where(eq(datasets.id, dataset.id));
    const finished = await deps.db.query.datasetTasks.findFirst({ where: eq(datasetTasks.id, task.id) });
    if (finished) await recordDatasetTaskLog(deps, finished, RUN.done);
  } catch (error) {
    if (error instanceof TaskCancelled) return builder.cleanup(deps, dataset.id, task.id);
    if (error instanceof IndexTaskFailed) return failDatasetTask(deps, task.id, error.message);
    throw error;
  }
};
