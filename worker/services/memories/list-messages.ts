import { and, count, desc, eq } from "drizzle-orm";
import { agents, memoryMessages } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { textContains } from "../../lib/sql-match";
import type { ServiceContext } from "../context";
import { getMemoryInTenant } from "./access";
import { toMessageView } from "./serialize";

export type MessageListQuery = { agentIds: string[]; keywords: string; page: number; pageSize: number };

// A memory's stored turns, newest first. As in RAGFlow, `keywords` matches the session id, and forgotten and
// disabled turns are listed too (with forget_at and status saying so).
export const listMemoryMessages = async (ctx: ServiceContext, memoryId: string, query: MessageListQuery) => {
  const memory = await getMemoryInTenant(ctx, memoryId);
  const where = and(
    eq(memoryMessages.memoryId, memoryId),
    eq(memoryMessages.messageType, "raw"),
    query.agentIds.length ? inJsonList(memoryMessages.agentId, query.agentIds) : undefined,
    query.keywords ? textContains(memoryMessages.sessionId, query.keywords) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(memoryMessages)
    .where(where)
    .orderBy(desc(memoryMessages.messageId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(memoryMessages).where(where);
  const agentIds = [...new Set(rows.map((row) => row.agentId))];
  const titles = agentIds.length
    ? await ctx.db
        .select({ id: agents.id, title: agents.title })
        .from(agents)
        .where(and(eq(agents.tenantId, ctx.actor.tenantId), inJsonList(agents.id, agentIds)))
    : [];
  const titleOf = new Map(titles.map((agent) => [agent.id, agent.title]));
  return {
    messages: {
      message_list: rows.map((row) => ({
        ...toMessageView(row, false),
        agent_name: titleOf.get(row.agentId) ?? "Unknown",
        // no extraction runs yet: raw turns only, so no extracted items and no extraction task
        extract: [],
        task: {},
      })),
      total_count: total?.n ?? 0,
    },
    storage_type: memory.storageType,
  };
};
