import { and, desc, eq, isNull } from "drizzle-orm";
import { memoryMessages } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { chunkText, hasTerm, topicWords } from "../../lib/terms";
import type { ServiceContext } from "../context";
import { memoriesInTenant } from "./access";
import { toMessageView } from "./serialize";

// How many of the newest enabled messages a search reads and scores.
export const SEARCH_WINDOW = 2000;

export type MessageSearchQuery = {
  memoryIds: string[];
  query: string;
  agentId: string;
  sessionId: string;
  userId: string;
  topN: number;
};

// Keyword search over enabled, unforgotten messages: the share of the question's topic words a message holds
// (stems count), best first, newer first among equals. Messages that share no word are left out.
export const searchMessages = async (ctx: ServiceContext, query: MessageSearchQuery) => {
  const memoryIds = (await memoriesInTenant(ctx, query.memoryIds)).map((memory) => memory.id);
  const terms = [...new Set(topicWords(query.query))];
  if (!memoryIds.length || !terms.length) return [];
  const rows = await ctx.db
    .select()
    .from(memoryMessages)
    .where(
      and(
        inJsonList(memoryMessages.memoryId, memoryIds),
        eq(memoryMessages.status, true),
        isNull(memoryMessages.forgetAt),
        query.agentId ? eq(memoryMessages.agentId, query.agentId) : undefined,
        query.sessionId ? eq(memoryMessages.sessionId, query.sessionId) : undefined,
        query.userId ? eq(memoryMessages.userId, query.userId) : undefined,
      ),
    )
    .orderBy(desc(memoryMessages.messageId))
    .limit(SEARCH_WINDOW);
  return rows
    .map((row) => {
      const text = chunkText([row.content]);
      return { row, score: terms.filter((term) => hasTerm(text, term)).length / terms.length };
    })
    .filter((hit) => hit.score > 0)
    .toSorted((a, b) => b.score - a.score || b.row.messageId - a.row.messageId)
    .slice(0, query.topN)
    .map((hit) => ({ ...toMessageView(hit.row, true), similarity: hit.score }));
};
