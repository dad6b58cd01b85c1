import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { ListAgentsQuery } from "../../contract/agents";
import { agents } from "../../db/schema";
import type { ServiceContext } from "../context";
import { visibleAgents, mayEditAgent } from "./access";
import { withoutHiddenBases } from "./knowledge-bases";
import { toAgent } from "./serialize";
import { keyContains } from "../../lib/sql-match";

export const listAgents = async (ctx: ServiceContext, query: ListAgentsQuery) => {
  const where = and(
    visibleAgents(ctx),
    query.id ? eq(agents.id, query.id) : undefined,
    query.title ? eq(agents.titleKey, query.title.toLowerCase()) : undefined,
    query.keywords ? keyContains(agents.titleKey, query.keywords) : undefined,
    query.canvas_category?.length ? inArray(agents.canvasCategory, query.canvas_category) : undefined,
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
  const shown = await withoutHiddenBases(ctx, rows);
  return { agents: shown.map((row) => toAgent(row, mayEditAgent(ctx, row))), total: total?.n ?? 0 };
};
