import { and, eq, inArray } from "drizzle-orm";
import { figuresOf } from "../scope/storage-keys";
import { WITH_FIGURES } from "./figures";
import { chunks, documents, RUN, tasks } from "../../db/schema";
import { eachChunk, rowsInChunks } from "../../lib/batches";
import { bulkError, bulkReport, splitDuplicates } from "../../lib/bulk-report";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { recountDocuments } from "./counters";
import { assertModelsFor } from "./required-models";
import { pythonRepr } from "../../contract/python-errors";

// The dataset's documents among `ids`, and RAGFlow's errors for the rest: ids given twice, and one
// "Documents not found: [...]" for ids that are not the dataset's (then the request fails once the found ones
// are done; it fails at once, before any write, when none is found).
export const loadDocumentsForParsing = async (ctx: ServiceContext, datasetId: string, ids: string[]) => {
  if (ids.length === 0) throw dataError("`document_ids` is required");
  const dataset = await getDatasetInTenant(ctx, datasetId);
  const { unique, duplicateErrors } = splitDuplicates(ids, "document");
  const docs = await rowsInChunks(unique, (part) =>
    ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.datasetId, datasetId), inArray(documents.id, part))),
  );
  const found = new Set(docs.map((doc) => doc.id));
  const missing = unique.filter((id) => !found.has(id));
  const notFound = missing.length > 0 ? `Documents not found: ${pythonRepr(missing)}` : null;
  const errors = notFound ? [...duplicateErrors, notFound] : duplicateErrors;
  if (docs.length === 0) throw bulkError(notFound ?? errors.join("; "), 0, errors);
  return { docs, errors, notFound, dataset };
};

// What a parse or stop did: RAGFlow fails the request (after the work) when some ids were not found.
export const parsingReport = (done: number, errors: string[], notFound: string | null) => {
  if (notFound) throw bulkError(notFound, done, errors);
  return bulkReport(done, errors);
};

// Removes the documents' chunks from D1 (the FTS index follows by trigger), from the vector index, and their
// figures from storage; a slice of ids per statement, so that a parse of 10,000 documents stays a few hundred.
const deleteChunksOf = async (
  ctx: ServiceContext,
  datasetId: string,
  docs: { id: string; datasetId: string; tenantId: string; suffix: string }[],
) => {
  for (const doc of docs) if (WITH_FIGURES.has(doc.suffix)) await ctx.storage.deletePrefix(figuresOf(doc));
  const docIds = docs.map((doc) => doc.id);
  const ids = (
    await rowsInChunks(docIds, (part) =>
      ctx.db.select({ id: chunks.id }).from(chunks).where(inArray(chunks.documentId, part)),
    )
  ).map((row) => row.id);
  if (ids.length === 0) return;
  await eachChunk(docIds, (part) => ctx.db.delete(chunks).where(inArray(chunks.documentId, part)));
  await ctx.vectors.deleteByIds(ids);
  await recountDocuments(ctx, docIds, datasetId);
};

// Queues parsing: old tasks go, old chunks go too unless the caller keeps them, and a "plan"
// message splits the document into tasks on the queue.
export const startParsing = async (ctx: ServiceContext, datasetId: string, ids: string[], deleteChunks = true) => {
  const { docs, errors, notFound, dataset } = await loadDocumentsForParsing(ctx, datasetId, ids);
  await assertModelsFor(ctx, ctx.actor.tenantId, docs, dataset.parserConfig.llm_id);
  const begin = nowMs();
  const docIds = docs.map((doc) => doc.id);
  await eachChunk(docIds, (part) => ctx.db.delete(tasks).where(inArray(tasks.documentId, part)));
  if (deleteChunks) {
    const chunked = await rowsInChunks(docIds, (part) =>
      ctx.db.selectDistinct({ id: chunks.documentId }).from(chunks).where(inArray(chunks.documentId, part)),
    );
    const withChunks = new Set(chunked.map((row) => row.id));
    await deleteChunksOf(
      ctx,
      datasetId,
      docs.filter((doc) => withChunks.has(doc.id) || WITH_FIGURES.has(doc.suffix)),
    );
  }
  const queued = {
    run: RUN.running,
    progress: 0,
    progressMsg: "Queued for parsing.",
    processBeginAt: begin,
    processDuration: 0,
    updateTime: begin,
  };
  // the six values of `queued` are bound beside each slice
  await eachChunk(docIds, (part) => ctx.db.update(documents).set(queued).where(inArray(documents.id, part)), 80);
  await ctx.queue.sendMany(
    docs.map((doc) => ({ type: "plan" as const, tenantId: ctx.actor.tenantId, documentId: doc.id, begin })),
  );
  return parsingReport(docs.length, errors, notFound);
};
