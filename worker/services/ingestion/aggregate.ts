import { and, eq } from "drizzle-orm";
import { documents, RUN, tasks } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { recordDocumentLog } from "../ingestion-logs/record";
import { scheduleRunsAfterReparse } from "../evaluation-sets/reparse";
import { recountDocument } from "./counters";

// A document's state follows its tasks: progress is their mean; when all have finished it is
// DONE, or FAIL if one failed, and the parse is logged (a DONE one starts the regression runs of test sets
// over its base). Only a running document (run RUN.running) is touched.
export const aggregateDocument = async (deps: Deps, documentId: string) => {
  const doc = await deps.db.query.documents.findFirst({ where: eq(documents.id, documentId) });
  if (!doc || doc.run !== RUN.running) return;
  const rows = await deps.db.query.tasks.findMany({
    where: eq(tasks.documentId, documentId),
    orderBy: (t, { asc }) => [asc(t.fromPage)],
  });
  if (rows.length === 0) return;
  const finished = rows.every((task) => task.state === "done" || task.state === "failed" || task.state === "cancelled");
  const failed = rows.some((task) => task.state === "failed");
  const progress = failed ? -1 : rows.reduce((sum, task) => sum + Math.max(0, task.progress), 0) / rows.length;
  const waiting = rows.filter((task) => task.state === "queued").length;
  const log = rows
    .map((task) => task.progressMsg)
    .filter(Boolean)
    .join("\n");
  const message = log || `${waiting} task(s) are ahead in the queue...`;
  await recountDocument(deps, documentId, doc.datasetId);
  const now = nowMs();
  const [updated] = await deps.db
    .update(documents)
    .set({
      progress: finished && !failed ? 1 : progress,
      progressMsg: message,
      processDuration: doc.processBeginAt ? (now - doc.processBeginAt) / 1000 : 0,
      run: finished ? (failed ? RUN.fail : RUN.done) : RUN.running,
      updateTime: now,
    })
    .where(and(eq(documents.id, documentId), eq(documents.run, RUN.running)))
    .returning();
  if (finished && updated) await recordDocumentLog(deps, updated, "Parse", failed ? RUN.fail : RUN.done);
  if (finished && updated && !failed) await scheduleRunsAfterReparse(deps, doc.datasetId);
};
