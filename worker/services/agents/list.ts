import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { ListAgentsQuery } from "../../contract/agents";
import { agents } from "../../db/schema";
import type { ServiceContext } from "../context";
import { visibleAgents, mayEditAgent } from "./access";
import { toAgent } from "./serialize";

export const listAgents = async (ctx: ServiceContext, query: ListAgentsQuery) => {
  const where = and(
    visibleAgents(ctx),
    query.id ? eq(agents.id, query.id) : undefined,
    query.title ? eq(agents.titleKey, query.title.toLowerCase()) : undefined,
    query.keywords ? sql`instr(${agents.titleKey}, ${query.keywords.toLowerCase()}) > 0` : undefined,
  );
  const column = query.orderby === "create_time" ? agents.createTime : agents.updateTime;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(agents)
      .where(where)
      .orderBy(query.desc ? desc(column) : asc(column), asc(agents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(agents).where(where),
  ]);
  return { agents: rows.map((row) => toAgent(row, mayEditAgent(ctx, row))), total: total?.n ?? 0 };
};
