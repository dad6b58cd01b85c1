import { and, inArray, sql } from "drizzle-orm";
import { chunks, type DocumentRow, documents, RUN, tasks } from "../../db/schema";
import { eachChunk, inChunks, inJsonList, rowsInChunks } from "../../lib/batches";
import { bulkError } from "../../lib/bulk-report";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { recordDocumentLogs } from "../ingestion-logs/record";
import { recountDocuments } from "./counters";
import { appendLine } from "../progress/lines";
import { loadDocumentsForParsing, parsingReport } from "./start";

const NOT_RUNNING = "Can't stop parsing document with progress at 0 or 1";
const OPEN = ["queued", "running"] as const;
// documents per cancelling statement: their ids and new logs travel as two JSON parameters (logs up to 200 lines)
const CANCEL_SLICE = 50;

// Cancels parsing: the document becomes CANCEL, open tasks are marked cancelled (running ones stop at
// their next check) and chunks of the cancelled run are removed. A document that is not being parsed is left as
// it is and named in the errors (RAGFlow's stop_parse_documents).
export const stopParsing = async (ctx: ServiceContext, datasetId: string, ids: string[]) => {
  const { docs, errors, notFound } = await loadDocumentsForParsing(ctx, datasetId, ids);
  const running = docs.filter((doc) => doc.run === RUN.running);
  const idle = docs.filter((doc) => doc.run !== RUN.running);
  errors.push(...idle.map((doc) => `Can't stop parsing document ${doc.id}: it has not started or already completed`));
  if (running.length === 0) throw bulkError(notFound ?? NOT_RUNNING, 0, errors);
  const runningIds = running.map((doc) => doc.id);
  // the open tasks' chunks, found before the tasks are marked cancelled
  const runChunks = (
    await rowsInChunks(
      runningIds,
      (part) =>
        ctx.db
          .select({ id: chunks.id })
          .from(chunks)
          .where(
            and(
              inArray(chunks.documentId, part),
              inArray(
                chunks.taskId,
                ctx.db
                  .select({ id: tasks.id })
                  .from(tasks)
                  .where(and(inArray(tasks.documentId, part), inArray(tasks.state, OPEN))),
              ),
            ),
          ),
      40,
    )
  ).map((chunk) => chunk.id);
  await eachChunk(
    runningIds,
    (part) =>
      ctx.db
        .update(tasks)
        .set({ state: "cancelled" })
        .where(and(inArray(tasks.documentId, part), inArray(tasks.state, OPEN))),
    80,
  );
  if (runChunks.length) {
    await eachChunk(runChunks, (part) => ctx.db.delete(chunks).where(inArray(chunks.id, part)));
    await ctx.vectors.deleteByIds(runChunks);
  }
  await recountDocuments(ctx, runningIds, datasetId);
  const cancelled = await cancelDocuments(ctx, running);
  await recordDocumentLogs(ctx, datasetId, cancelled, "Parse", RUN.cancel);
  return parsingReport(running.length, errors, notFound);
};

// Marks the documents CANCEL with "[Canceled]" appended to each one's log: the new logs travel as one JSON
// parameter per slice, so a slice is one statement whatever its size.
const cancelDocuments = async (ctx: ServiceContext, docs: DocumentRow[]) => {
  const now = nowMs();
  const updated: DocumentRow[] = [];
  for (const part of inChunks(docs, CANCEL_SLICE)) {
    const messages = JSON.stringify(
      Object.fromEntries(part.map((doc) => [doc.id, appendLine(doc.progressMsg, "[Canceled]")])),
    );
    updated.push(
      ...(await ctx.db
        .update(documents)
        .set({
          run: RUN.cancel,
          progress: 0,
          progressMsg: sql`json_extract(${messages}, '$."' || ${documents.id} || '"')`,
          updateTime: now,
        })
        .where(
          inJsonList(
            documents.id,
            part.map((doc) => doc.id),
          ),
        )
        .returning()),
    );
  }
  return updated;
};
