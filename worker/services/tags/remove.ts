import { sql } from "drizzle-orm";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getManageableDataset } from "../scope/datasets";

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
