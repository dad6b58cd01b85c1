import { and, eq, inArray, lt, notExists } from "drizzle-orm";
import { datasetTasks, documents, RUN, tasks } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { failTask } from "./fail";
import { settleDeadAttempt, stallCutoff } from "./stalls";
import { failDatasetTask } from "../index-kit/fail-task";
import { requeueSilentRuns } from "../evaluation-sets/stalled";

export const MAX_TASK_ATTEMPTS = 5;

// Parsing never stays stuck: a running task that stopped reporting, a queued task whose message was
// lost, and a document whose plan never ran are put back on the queue (or failed after 5 attempts, or after
// dying inside the parser twice); so are test-set runs whose message was lost.
export const sweepStuckWork = async (deps: Deps, datasetId?: string) => {
  const now = nowMs();
  const silentSince = stallCutoff(deps);
  const scope = datasetId ? [eq(tasks.datasetId, datasetId)] : [];
  const stuck = await deps.db
    .select()
    .from(tasks)
    .where(and(inArray(tasks.state, ["running", "queued"]), lt(tasks.heartbeatAt, silentSince), ...scope))
    .limit(100);
  const neverStarted = await deps.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.state, "queued"), lt(tasks.createTime, silentSince), ...scope))
    .limit(100);
  const requeued: string[] = [];
  for (const task of [...stuck, ...neverStarted.filter((t) => t.heartbeatAt === null)]) {
    if (task.attempts >= MAX_TASK_ATTEMPTS) {
      await failTask(deps, task.id, `The task stopped responding ${task.attempts} times and was given up.`);
      continue;
    }
    if (task.state === "running" && !(await settleDeadAttempt(deps, task))) continue;
    await deps.db.update(tasks).set({ state: "queued", heartbeatAt: now }).where(eq(tasks.id, task.id));
    requeued.push(task.id);
  }
  const tasksMsgs = [...stuck, ...neverStarted]
    .filter((task) => requeued.includes(task.id))
    .map((task) => ({ type: "task" as const, tenantId: task.tenantId, taskId: task.id }));

  const orphanDocs = await deps.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.run, RUN.running),
        lt(documents.processBeginAt, silentSince),
        notExists(deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.documentId, documents.id))),
        ...(datasetId ? [eq(documents.datasetId, datasetId)] : []),
      ),
    )
    .limit(100);
  const planMsgs = orphanDocs
    .filter((doc) => doc.sourceType !== "web" || doc.size > 0)
    .map((doc) => ({
      type: "plan" as const,
      tenantId: doc.tenantId,
      documentId: doc.id,
      begin: doc.processBeginAt ?? 0,
    }));
  const indexMsgs = await requeueSilentDatasetTasks(deps, silentSince, datasetId);
  // test-set runs belong to no one dataset: only the whole sweep (cron, start) looks at them
  const runMsgs = datasetId ? [] : await requeueSilentRuns(deps, silentSince);
  await deps.queue.sendMany([...tasksMsgs, ...planMsgs, ...indexMsgs, ...runMsgs]);
  return { requeuedTasks: tasksMsgs.length + indexMsgs.length, replannedDocuments: planMsgs.length };
};

// Dataset-wide tasks (RAPTOR, knowledge graph) that stopped reporting, or whose message never arrived, go back
// on the queue too (a re-run replaces what it had written), or fail after 5 attempts.
const requeueSilentDatasetTasks = async (deps: Deps, silentSince: number, datasetId?: string) => {
  const silent = await deps.db
    .select()
    .from(datasetTasks)
    .where(
      and(
        inArray(datasetTasks.state, ["running", "queued"]),
        lt(datasetTasks.updateTime, silentSince),
        ...(datasetId ? [eq(datasetTasks.datasetId, datasetId)] : []),
      ),
    )
    .limit(100);
  const messages = [];
  for (const task of silent) {
    if (task.heartbeatAt !== null && task.heartbeatAt >= silentSince) continue;
    if (task.attempts >= MAX_TASK_ATTEMPTS) {
      await failDatasetTask(deps, task.id, `The task stopped responding ${task.attempts} times and was given up.`);
      continue;
    }
    await deps.db
      .update(datasetTasks)
      .set({ state: "queued", updateTime: nowMs() })
      .where(eq(datasetTasks.id, task.id));
    messages.push({ type: "index" as const, tenantId: task.tenantId, taskId: task.id });
  }
  return messages;
};
