import { and, eq, inArray } from "drizzle-orm";
import { figuresOf } from "../scope/storage-keys";
import { WITH_FIGURES } from "./figures";
import { chunks, documents, RUN, tasks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { recountDocument } from "./counters";
import { pythonRepr } from "../../lib/validation";

export const loadDocumentsForParsing = async (ctx: ServiceContext, datasetId: string, ids: string[]) => {
  if (ids.length === 0) throw dataError("`document_ids` is required");
  await getDatasetInTenant(ctx, datasetId);
  const unique = [...new Set(ids)];
  const rows = (
    await Promise.all(
      inChunks(unique).map((part) =>
        ctx.db
          .select()
          .from(documents)
          .where(and(eq(documents.datasetId, datasetId), inArray(documents.id, part))),
      ),
    )
  ).flat();
  const missing = unique.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw dataError(`Documents not found: ${pythonRepr(missing)}`);
  return rows;
};

// Removes a document's chunks from D1 (the FTS index follows by trigger), from the vector index, and its
// figures from storage.
export const deleteDocumentChunks = async (
  ctx: ServiceContext,
  doc: { id: string; datasetId: string; tenantId: string; suffix: string },
) => {
  const [documentId, datasetId] = [doc.id, doc.datasetId];
  const ids = (await ctx.db.select({ id: chunks.id }).from(chunks).where(eq(chunks.documentId, documentId))).map(
    (row) => row.id,
  );
  if (WITH_FIGURES.has(doc.suffix)) await ctx.storage.deletePrefix(figuresOf(doc));
  if (ids.length === 0) return;
  await ctx.db.delete(chunks).where(eq(chunks.documentId, documentId));
  await ctx.vectors.deleteByIds(ids);
  await recountDocument(ctx, documentId, datasetId);
};

// Queues parsing: old tasks go, old chunks go too unless the caller keeps them, and a "plan"
// message splits the document into tasks on the queue.
export const startParsing = async (ctx: ServiceContext, datasetId: string, ids: string[], deleteChunks = true) => {
  const docs = await loadDocumentsForParsing(ctx, datasetId, ids);
  const begin = nowMs();
  for (const doc of docs) {
    await ctx.db.delete(tasks).where(eq(tasks.documentId, doc.id));
    if (deleteChunks) await deleteDocumentChunks(ctx, doc);
    await ctx.db
      .update(documents)
      .set({
        run: RUN.running,
        progress: 0,
        progressMsg: "Queued for parsing.",
        processBeginAt: begin,
        processDuration: 0,
        updateTime: begin,
      })
      .where(eq(documents.id, doc.id));
  }
  await ctx.queue.sendMany(
    docs.map((doc) => ({ type: "plan" as const, tenantId: ctx.actor.tenantId, documentId: doc.id, begin })),
  );
  return true;
};
