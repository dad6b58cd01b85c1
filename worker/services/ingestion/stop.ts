import { and, eq, inArray } from "drizzle-orm";
import { chunks, documents, RUN, tasks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { recordDocumentLog } from "../ingestion-logs/record";
import { recountDocument } from "./counters";
import { appendLine } from "../progress/lines";
import { loadDocumentsForParsing } from "./start";

// Cancels parsing: the document becomes CANCEL, open tasks are marked cancelled (running ones stop at
// their next check) and chunks of the cancelled run are removed.
export const stopParsing = async (ctx: ServiceContext, datasetId: string, ids: string[]) => {
  const docs = await loadDocumentsForParsing(ctx, datasetId, ids);
  const notRunning = docs.filter((doc) => doc.run !== RUN.running);
  if (notRunning.length === docs.length) throw dataError("Can't stop parsing document with progress at 0 or 1");
  for (const doc of docs.filter((d) => d.run === RUN.running)) {
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
  return true;
};
