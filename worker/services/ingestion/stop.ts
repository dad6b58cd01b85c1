import { and, eq, inArray } from "drizzle-orm";
import { chunks, documents, RUN, tasks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { bulkError } from "../../lib/bulk-report";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { recordDocumentLog } from "../ingestion-logs/record";
import { recountDocument } from "./counters";
import { appendLine } from "../progress/lines";
import { loadDocumentsForParsing, parsingReport } from "./start";

const NOT_RUNNING = "Can't stop parsing document with progress at 0 or 1";

// Cancels parsing: the document becomes CANCEL, open tasks are marked cancelled (running ones stop at
// their next check) and chunks of the cancelled run are removed. A document that is not being parsed is left as
// it is and named in the errors (RAGFlow's stop_parse_documents).
export const stopParsing = async (ctx: ServiceContext, datasetId: string, ids: string[]) => {
  const { docs, errors, notFound } = await loadDocumentsForParsing(ctx, datasetId, ids);
  const running = docs.filter((doc) => doc.run === RUN.running);
  const idle = docs.filter((doc) => doc.run !== RUN.running);
  errors.push(...idle.map((doc) => `Can't stop parsing document ${doc.id}: it has not started or already completed`));
  if (running.length === 0) throw bulkError(notFound ?? NOT_RUNNING, 0, errors);
  for (const doc of running) {
    const open = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.documentId, doc.id), inArray(tasks.state, ["queued", "running"])));
    await ctx.db
      .update(tasks)
      .set({ state: "cancelled" })
      .where(and(eq(tasks.documentId, doc.id), inArray(tasks.state, ["queued", "running"])));
    const runChunks = (
      await ctx.db.select({ id: chunks.id, taskId: chunks.taskId }).from(chunks).where(eq(chunks.documentId, doc.id))
    )
      .filter((chunk) => chunk.taskId && open.some((task) => task.id === chunk.taskId))
      .map((chunk) => chunk.id);
    if (runChunks.length) {
      for (const part of inChunks(runChunks)) await ctx.db.delete(chunks).where(inArray(chunks.id, part));
      await ctx.vectors.deleteByIds(runChunks);
    }
    await recountDocument(ctx, doc.id, datasetId);
    const [cancelled] = await ctx.db
      .update(documents)
      .set({
        run: RUN.cancel,
        progress: 0,
        progressMsg: appendLine(doc.progressMsg, "[Canceled]"),
        updateTime: nowMs(),
      })
      .where(eq(documents.id, doc.id))
      .returning();
    if (cancelled) await recordDocumentLog(ctx, cancelled, "Parse", RUN.cancel);
  }
  return parsingReport(running.length, errors, notFound);
};
