import { and, eq, inArray } from "drizzle-orm";
import {
  type FlattenedMetadata,
  METADATA_TOO_LARGE,
  type MetadataSummary,
  type MetadataUpdateInput,
} from "../../contract/dataset-metadata";
import { fitsMetaFields } from "../../contract/limits";
import { documents } from "../../db/schema";
import { inChunks, rowsInChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { applyMetadataEdits, flattenMetadata, summarizeMetadata } from "../../rag/metadata-edit";
import { metadataMatches } from "../../rag/metadata-filter";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";

const metadataRows = async (ctx: ServiceContext, datasetIds: string | string[]) =>
  (
    await rowsInChunks(typeof datasetIds === "string" ? [datasetIds] : datasetIds, (part) =>
      ctx.db
        .select({ id: documents.id, meta: documents.metaFields })
        .from(documents)
        .where(inArray(documents.datasetId, part)),
    )
  ).map((row) => ({ id: row.id, meta: (row.meta ?? {}) as Record<string, unknown> }));

const MAX_FLATTENED_DATASETS = 64;

// GET /datasets/metadata/flattened?dataset_ids=a,b (RAGFlow's get_flatted_meta_by_kbs); a dataset the caller
// cannot see is refused as the tag aggregation refuses it.
export const flattenedMetadata = async (ctx: ServiceContext, idList: string): Promise<FlattenedMetadata> => {
  const ids = [
    ...new Set(
      idList
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_FLATTENED_DATASETS) throw dataError(`At most ${MAX_FLATTENED_DATASETS} dataset_ids.`);
  for (const id of ids) {
    await getDatasetInTenant(ctx, id).catch(() => {
      throw dataError(`No authorization for dataset '${id}'`);
    });
  }
  return flattenMetadata(await metadataRows(ctx, ids));
};

// GET /datasets/{id}/metadata/summary
export const metadataSummary = async (ctx: ServiceContext, datasetId: string): Promise<MetadataSummary> => {
  await getDatasetInTenant(ctx, datasetId);
  return { summary: summarizeMetadata((await metadataRows(ctx, datasetId)).map((row) => row.meta)) };
};

// POST /datasets/{id}/metadata/update: who may edit a document's metadata may edit many at once. All or
// nothing: unknown document ids or a result over the size limit change no document.
// RAGFlow's metadata update looks the dataset up before it reads the body (a route middleware).
export const assertMetadataDataset = async (ctx: ServiceContext, datasetId: string) => {
  await getDatasetInTenant(ctx, datasetId);
};

export const updateMetadata = async (ctx: ServiceContext, datasetId: string, input: MetadataUpdateInput) => {
  await getDatasetInTenant(ctx, datasetId);
  const rows = await metadataRows(ctx, datasetId);
  const { document_ids: ids, metadata_condition: condition } = input.selector;
  if (ids?.length) {
    const known = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw dataError(`These documents do not belong to dataset ${datasetId}: ${missing.join(", ")}`);
  }
  const chosen = new Set(ids ?? []);
  const matched = rows.filter(
    (row) =>
      (!ids?.length || chosen.has(row.id)) && (!condition?.conditions.length || metadataMatches(row.meta, condition)),
  );
  const changed = matched
    .map((row) => ({ id: row.id, before: row.meta, after: applyMetadataEdits(row.meta, input) }))
    .filter((row) => JSON.stringify(row.after) !== JSON.stringify(row.before));
  if (changed.some((row) => !fitsMetaFields(row.after))) throw dataError(METADATA_TOO_LARGE);
  const now = nowMs();
  for (const part of inChunks(changed, 50)) {
    const [first, ...rest] = part.map((row) =>
      ctx.db
        .update(documents)
        .set({ metaFields: row.after, updateTime: now })
        .where(and(eq(documents.id, row.id), eq(documents.datasetId, datasetId))),
    );
    if (first) await ctx.db.batch([first, ...rest]);
  }
  return { updated: changed.length, matched_docs: matched.length };
};
