import { and, desc, eq, gt } from "drizzle-orm";
import { agentWebhookLogs } from "../../../db/schema";
import type { ServiceContext } from "../../context";
import { getManageableAgent } from "../access";

// GET /agents/{id}/webhook/logs: the flow's recent webhook calls, newest first (RAGFlow's path; it polls one
// test call's trace by since_ts, Buddy lists the stored calls made after since_ts, in seconds).
export const listWebhookLogs = async (ctx: ServiceContext, agentId: string, sinceTs?: number) => {
  const agent = await getManageableAgent(ctx, agentId);
  const rows = await ctx.db
    .select()
    .from(agentWebhookLogs)
    .where(
      sinceTs === undefined
        ? eq(agentWebhookLogs.agentId, agent.id)
        : and(eq(agentWebhookLogs.agentId, agent.id), gt(agentWebhookLogs.createTime, sinceTs * 1000)),
    )
    .orderBy(desc(agentWebhookLogs.createTime));
  return {
    logs: rows.map((row) => ({
      id: row.id,
      method: row.method,
      request: row.request,
      status: row.status,
      response: row.response,
      success: row.success,
      error: row.error,
      elapsed_ms: row.elapsedMs,
      create_time: row.createTime,
      update_time: row.updateTime,
    })),
    next_since_ts: rows[0] ? rows[0].createTime / 1000 : (sinceTs ?? null),
    // RAGFlow v0.27's poll of one test call's trace: Buddy keeps no per-step trace, so a poll sees no events
    webhook_id: null,
    events: [],
    finished: false,
  };
};
