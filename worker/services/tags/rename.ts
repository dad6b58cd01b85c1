import { sql } from "drizzle-orm";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getManageableDataset } from "../scope/datasets";

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
