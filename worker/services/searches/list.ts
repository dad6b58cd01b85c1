import { and, asc, count, desc } from "drizzle-orm";
import type { ListSearchesQuery } from "../../contract/searches";
import { searchApps } from "../../db/schema";
import { argumentError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { inTeam } from "./access";
import { rowsShownTo } from "./hidden-bases";
import { toSearchApp } from "./serialize";
import { keyContains } from "../../lib/sql-match";

const ORDER_COLUMNS = {
  create_time: searchApps.createTime,
  update_time: searchApps.updateTime,
  name: searchApps.nameKey,
} as const;

export const listSearches = async (ctx: ServiceContext, query: ListSearchesQuery) => {
  const column = ORDER_COLUMNS[query.orderby as keyof typeof ORDER_COLUMNS];
  if (!column) throw argumentError(`invalid orderby field: ${query.orderby}`);
  const where = and(inTeam(ctx), query.keywords ? keyContains(searchApps.nameKey, query.keywords) : undefined);
  const rows = await ctx.db
    .select()
    .from(searchApps)
    .where(where)
    .orderBy(query.desc ? desc(column) : asc(column), asc(searchApps.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await ctx.db.select({ n: count() }).from(searchApps).where(where);
  return { search_apps: (await rowsShownTo(ctx, rows)).map(toSearchApp), total: total?.n ?? 0 };
};
