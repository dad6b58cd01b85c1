import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { agentRunLogs } from "../../../db/schema";
import type { ServiceContext } from "../../context";
import { getVisibleAgent, mayEditAgent } from "../access";
import { serializeRunLog } from "./get-log";

// GET /agents/{id}/logs: the flow's runs, newest first, without their traces; those who may edit the flow see
// everyone's runs, others their own.
export const listRunLogs = async (ctx: ServiceContext, agentId: string, page: number, pageSize: number) => {
  const agent = await getVisibleAgent(ctx, agentId);
  const where = (
    mayEditAgent(ctx, agent)
      ? eq(agentRunLogs.agentId, agent.id)
      : and(eq(agentRunLogs.agentId, agent.id), eq(agentRunLogs.userId, ctx.actor.userId))
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(agentRunLogs)
      .where(where)
      .orderBy(desc(agentRunLogs.createTime))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ value: count() }).from(agentRunLogs).where(where),
  ]);
  return { logs: rows.map((row) => serializeRunLog(row, false)), total: total?.value ?? 0 };
};
