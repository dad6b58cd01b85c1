import { inArray } from "drizzle-orm";
import type { DeleteByIdsInput } from "../../contract/datasets";
import { datasets, documents } from "../../db/schema";
import { removeKnowledgeGraphsOf } from "../graph/store";
import { deleteVectorsOf } from "../chunk-store/store";
import { eachChunk, rowsInChunks } from "../../lib/batches";
import { argumentError, dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { isVisibleDataset, mayManageDataset, visibleDatasets } from "../scope/datasets";
import { datasetPrefix } from "../scope/storage-keys";

// All or nothing: an unknown or foreign id fails the whole request before anything is deleted.
export const removeDatasets = async (ctx: ServiceContext, input: DeleteByIdsInput) => {
  const tenantFilter = visibleDatasets(ctx);
  const manageable = (rows: { id: string; createdBy: string }[]) =>
    rows.filter((row) => mayManageDataset(ctx, row)).map((row) => row.id);
  let ids: string[];
  if (input.delete_all) {
    ids = manageable(
      await ctx.db.select({ id: datasets.id, createdBy: datasets.createdBy }).from(datasets).where(tenantFilter),
    );
  } else {
    ids = input.ids ?? [];
    const seen = new Set<string>();
    const duplicates = new Set(ids.filter((id) => seen.size === seen.add(id).size));
    if (duplicates.size > 0) throw argumentError(`Duplicate ids: '${[...duplicates].join(", ")}'`);
  }
  if (ids.length === 0) return { success_count: 0 };

  // by id alone, then filtered here: with the team filter in SQL, SQLite scans the team's rows once per slice
  const found = await rowsInChunks(ids, (part) =>
    ctx.db
      .select({
        id: datasets.id,
        tenantId: datasets.tenantId,
        permission: datasets.permission,
        createdBy: datasets.createdBy,
      })
      .from(datasets)
      .where(inArray(datasets.id, part)),
  );
  const ownedIds = new Set(manageable(found.filter((row) => isVisibleDataset(ctx, row))));
  const missing = ids.filter((id) => !ownedIds.has(id));
  if (missing.length > 0) {
    throw dataError(`User '${ctx.actor.tenantId}' lacks permission for datasets: '${missing.join(", ")}'`);
  }
  await deleteVectorsOf(ctx, "datasetId", ids);
  await removeKnowledgeGraphsOf(ctx, ids);
  // blobs lie under their documents' dataset: only datasets with documents have any
  const withBlobs = await rowsInChunks(ids, (part) =>
    ctx.db.selectDistinct({ id: documents.datasetId }).from(documents).where(inArray(documents.datasetId, part)),
  );
  // Documents, chunks and tasks go with the dataset through ON DELETE CASCADE.
  await eachChunk(ids, (part) => ctx.db.delete(datasets).where(inArray(datasets.id, part)));
  await Promise.all(withBlobs.map((row) => ctx.storage.deletePrefix(datasetPrefix(ctx.actor.tenantId, row.id))));
  return { success_count: ids.length };
};
