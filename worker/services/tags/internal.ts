import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context";

export const tagsOfDatasets = (ctx: ServiceContext, ids: string[]) =>
  ctx.db.all<{ tag: string; n: number }>(sql`
    SELECT t.value AS tag, count(*) AS n FROM chunks c, json_each(c.tag_kwd) t
    WHERE c.dataset_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
    GROUP BY t.value ORDER BY n DESC, t.value`);
