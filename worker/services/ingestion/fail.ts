import { eq } from "drizzle-orm";
import { documents, RUN, tasks } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { recordDocumentLog } from "../ingestion-logs/record";
import { aggregateDocument } from "./aggregate";
import { appendLine, progressLine } from "../progress/lines";

export const failDocument = async (deps: Deps, documentId: string, reason: string) => {
  const doc = await deps.db.query.documents.findFirst({ where: eq(documents.id, documentId) });
  if (!doc) return;
  const [failed] = await deps.db
    .update(documents)
    .set({
      run: RUN.fail,
      progress: -1,
      progressMsg: appendLine(doc.progressMsg, progressLine(`[ERROR] ${reason}`, 0, 0)),
      processDuration: doc.processBeginAt ? (nowMs() - doc.processBeginAt) / 1000 : 0,
      updateTime: nowMs(),
    })
    .where(eq(documents.id, documentId))
    .returning();
  if (failed) await recordDocumentLog(deps, failed, "Parse", RUN.fail);
};

export const failTask = async (deps: Deps, taskId: string, reason: string) => {
  const task = await deps.db.query.tasks.findFirst({ where: eq(tasks.id, taskId) });
  if (!task || task.state === "done" || task.state === "cancelled") return;
  await deps.db
    .update(tasks)
    .set({
      state: "failed",
      progress: -1,
      progressMsg: appendLine(task.progressMsg, progressLine(`[ERROR] ${reason}`, task.fromPage, task.toPage)),
    })
    .where(eq(tasks.id, taskId));
  await aggregateDocument(deps, task.documentId);
};
