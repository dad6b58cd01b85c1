import { sql } from "drizzle-orm";
import type { TagCount } from "../../contract/tags";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDatasetInTenant, getManageableDataset } from "../scope/datasets";

const tagsOfDatasets = (ctx: ServiceContext, ids: string[]) =>
  ctx.db.all<{ tag: string; n: number }>(sql`
    SELECT t.value AS tag, count(*) AS n FROM chunks c, json_each(c.tag_kwd) t
    WHERE c.dataset_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
    GROUP BY t.value ORDER BY n DESC, t.value`);

// Every tag of a dataset's chunks with how many chunks carry it, most used first.
export const listTags = async (ctx: ServiceContext, datasetId: string): Promise<TagCount[]> => {
  await getDatasetInTenant(ctx, datasetId);
  return (await tagsOfDatasets(ctx, [datasetId])).map((row) => [row.tag, row.n]);
};

// Tags of several datasets, counts added up.
export const aggregateTags = async (ctx: ServiceContext, idList: string) => {
  const ids = [
    ...new Set(
      idList
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  for (const id of ids) {
    await getDatasetInTenant(ctx, id).catch(() => {
      throw dataError(`No authorization for dataset '${id}'`);
    });
  }
  return (await tagsOfDatasets(ctx, ids)).map((row) => ({ value: row.tag, count: row.n }));
};

// Takes tags off every chunk of the dataset.
export const deleteTags = async (ctx: ServiceContext, datasetId: string, tags: string[]) => {
  await getManageableDataset(ctx, datasetId);
  const removed = JSON.stringify(tags);
  await ctx.db.run(sql`
    UPDATE chunks SET
      tag_kwd = (SELECT json_group_array(value) FROM json_each(chunks.tag_kwd) WHERE value NOT IN (SELECT value FROM json_each(${removed}))),
      update_time = ${nowMs()}
    WHERE dataset_id = ${datasetId}
      AND EXISTS (SELECT 1 FROM json_each(chunks.tag_kwd) WHERE value IN (SELECT value FROM json_each(${removed})))`);
  return {};
};

// Renames a tag on every chunk of the dataset; a chunk that already has the new name keeps it once.
export const renameTag = async (ctx: ServiceContext, datasetId: string, from: string, to: string) => {
  await getManageableDataset(ctx, datasetId);
  await ctx.db.run(sql`
    UPDATE chunks SET
      tag_kwd = (
        SELECT json_group_array(tag) FROM (
          SELECT CASE WHEN value = ${from} THEN ${to} ELSE value END AS tag, min(key) AS first
          FROM json_each(chunks.tag_kwd) GROUP BY tag ORDER BY first
        )
      ),
      update_time = ${nowMs()}
    WHERE dataset_id = ${datasetId} AND EXISTS (SELECT 1 FROM json_each(chunks.tag_kwd) WHERE value = ${from})`);
  return { from, to };
};
