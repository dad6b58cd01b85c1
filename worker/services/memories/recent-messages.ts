import { and, desc, eq, isNull } from "drizzle-orm";
import { memoryMessages } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import type { ServiceContext } from "../context";
import { memoriesInTenant } from "./access";
import { toMessageView } from "./serialize";

export type RecentQuery = { memoryIds: string[]; agentId: string; sessionId: string; limit: number };

// The newest messages of the memories the caller sees, forgotten ones left out (RAGFlow's get_messages).
export const recentMessages = async (ctx: ServiceContext, query: RecentQuery) => {
  const memoryIds = (await memoriesInTenant(ctx, query.memoryIds)).map((memory) => memory.id);
  if (!memoryIds.length) return [];
  const rows = await ctx.db
    .select()
    .from(memoryMessages)
    .where(
      and(
        inJsonList(memoryMessages.memoryId, memoryIds),
        isNull(memoryMessages.forgetAt),
        query.agentId ? eq(memoryMessages.agentId, query.agentId) : undefined,
        query.sessionId ? eq(memoryMessages.sessionId, query.sessionId) : undefined,
      ),
    )
    .orderBy(desc(memoryMessages.messageId))
    .limit(query.limit);
  return rows.map((row) => toMessageView(row, true));
};
