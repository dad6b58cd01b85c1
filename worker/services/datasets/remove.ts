import { and, inArray } from "drizzle-orm";
import type { DeleteByIdsInput } from "../../contract/datasets";
import { datasets } from "../../db/schema";
import { removeKnowledgeGraph } from "../graph/store";
import { deleteVectorsOf } from "../chunk-store/store";
import { argumentError, dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { mayManageDataset, visibleDatasets } from "../scope/datasets";
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
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (duplicates.length > 0) throw argumentError(`Duplicate ids: '${[...new Set(duplicates)].join(", ")}'`);
  }
  if (ids.length === 0) return { success_count: 0 };

  const owned = await ctx.db
    .select({ id: datasets.id, createdBy: datasets.createdBy })
    .from(datasets)
    .where(and(tenantFilter, inArray(datasets.id, ids)));
  const ownedIds = new Set(manageable(owned));
  const missing = ids.filter((id) => !ownedIds.has(id));
  if (missing.length > 0) {
    throw dataError(`User '${ctx.actor.tenantId}' lacks permission for datasets: '${missing.join(", ")}'`);
  }
  await deleteVectorsOf(ctx, "datasetId", ids);
  for (const id of ids) await removeKnowledgeGraph(ctx, id);
  // Documents, chunks and tasks go with the dataset through ON DELETE CASCADE.
  await ctx.db.delete(datasets).where(and(tenantFilter, inArray(datasets.id, ids)));
  await Promise.all(ids.map((id) => ctx.storage.deletePrefix(datasetPrefix(ctx.actor.tenantId, id))));
  return { success_count: ids.length };
};
