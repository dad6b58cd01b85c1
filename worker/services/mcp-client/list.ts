import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { mcpServers } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { textContains } from "../../lib/sql-match";
import type { ServiceContext } from "../context";
import { toMcpServer } from "./serialize";

export type ListMcpQuery = {
  keywords: string;
  page: number;
  pageSize: number;
  orderby: "create_time" | "update_time" | "name";
  desc: boolean;
  ids: string[];
};

const ORDER = { create_time: mcpServers.createTime, update_time: mcpServers.updateTime, name: mcpServers.name };

// GET /mcp/servers: the team's servers, filtered by keywords (in the name) and ids, a page of them and the total.
export const listMcpServers = async (ctx: ServiceContext, query: ListMcpQuery) => {
  const conditions: SQL[] = [eq(mcpServers.tenantId, ctx.actor.tenantId)];
  if (query.keywords) conditions.push(textContains(mcpServers.name, query.keywords));
  // one bound JSON list: D1 takes at most 100 bound values per statement
  if (query.ids.length) conditions.push(inJsonList(mcpServers.id, query.ids));
  const column = ORDER[query.orderby];
  const rows = await ctx.db
    .select()
    .from(mcpServers)
    .where(and(...conditions))
    .orderBy(query.desc ? desc(column) : asc(column));
  const page =
    query.page && query.pageSize ? rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize) : rows;
  return { mcp_servers: page.map(toMcpServer), total: rows.length };
};
