import { and, eq, inArray, sql } from "drizzle-orm";
import type { DeleteByIdsInput } from "../../contract/datasets";
import { datasets, documents } from "../../db/schema";
import { deleteVectorsOf } from "../chunk-store/store";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { removeDocumentsFromGraph } from "../graph/prune";
import { WITH_FIGURES } from "../ingestion/figures";
import { datasetFigures, figuresOf } from "../scope/storage-keys";

// Removes documents, their blobs, their share of the dataset counters and of the knowledge graph. Unknown ids
// fail the whole call before anything is deleted, as in RAGFlow's delete_documents (unlike its chat deletes).
export const removeDocuments = async (ctx: ServiceContext, datasetId: string, input: DeleteByIdsInput) => {
  const dataset = await getDatasetInTenant(ctx, datasetId);
  const inDataset = eq(documents.datasetId, datasetId);
  let rows: {
    id: string;
    location: string;
    fileId: string | null;
    chunkNum: number;
    tokenNum: number;
    suffix: string;
  }[];
  const columns = {
    id: documents.id,
    location: documents.location,
    fileId: documents.fileId,
    chunkNum: documents.chunkNum,
    tokenNum: documents.tokenNum,
    suffix: documents.suffix,
  };
  if (input.delete_all) {
    rows = await ctx.db.select(columns).from(documents).where(inDataset);
  } else {
    const ids = [...new Set(input.ids ?? [])];
    if (ids.length === 0)
      throw dataError(`should either provide doc ids or set delete_all(true), dataset: ${datasetId}. `);
    rows = (
      await Promise.all(
        inChunks(ids).map((part) =>
          ctx.db
            .select(columns)
            .from(documents)
            .where(and(inDataset, inArray(documents.id, part))),
        ),
      )
    ).flat();
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw dataError(
        `These documents do not belong to dataset ${datasetId} or Document not found: ${missing.join(", ")}`,
      );
  }
  if (rows.length === 0) return { deleted: 0 };
  await deleteVectorsOf(
    ctx,
    "documentId",
    rows.map((row) => row.id),
  );

  const sum = (key: "chunkNum" | "tokenNum") => rows.reduce((total, row) => total + row[key], 0);
  await ctx.db.batch([
    ctx.db
      .update(datasets)
      .set({
        docNum: sql`max(0, ${datasets.docNum} - ${rows.length})`,
        chunkNum: sql`max(0, ${datasets.chunkNum} - ${sum("chunkNum")})`,
        tokenNum: sql`max(0, ${datasets.tokenNum} - ${sum("tokenNum")})`,
        updateTime: nowMs(),
      })
      .where(eq(datasets.id, datasetId)),
    ...inChunks(rows.map((row) => row.id)).map((part) => ctx.db.delete(documents).where(inArray(documents.id, part))),
  ]);
  await removeDocumentsFromGraph(
    ctx,
    datasetId,
    rows.map((row) => row.id),
  );
  const withFigures = rows.filter((doc) => WITH_FIGURES.has(doc.suffix));
  // all documents: one listing of the dataset's figures
  if (input.delete_all) await ctx.storage.deletePrefix(datasetFigures(dataset.tenantId, datasetId));
  else
    for (const row of withFigures)
      await ctx.storage.deletePrefix(figuresOf({ id: row.id, datasetId, tenantId: dataset.tenantId }));
  // a linked file keeps its blob: unlinking removes only this dataset's document
  await ctx.storage.delete(rows.filter((row) => !row.fileId).map((row) => row.location));
  return { deleted: rows.length };
};
