import { and, eq, inArray } from "drizzle-orm";
import { chunks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import type { Deps } from "../context";
import { recountDocument } from "../ingestion/counters";

// Drops a dataset's RAPTOR summaries (rows and vectors), or only those one task wrote, and recounts the
// documents that held them.
export const removeRaptorChunks = async (deps: Deps, datasetId: string, taskId?: string) => {
  const rows = await deps.db
    .select({ id: chunks.id, documentId: chunks.documentId })
    .from(chunks)
    .where(
      and(eq(chunks.datasetId, datasetId), eq(chunks.raptor, true), ...(taskId ? [eq(chunks.taskId, taskId)] : [])),
    );
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  for (const part of inChunks(ids)) await deps.db.delete(chunks).where(inArray(chunks.id, part));
  await deps.vectors.deleteByIds(ids);
  for (const documentId of new Set(rows.map((row) => row.documentId)))
    await recountDocument(deps, documentId, datasetId);
};
