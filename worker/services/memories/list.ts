import { and, count, desc, eq, sql } from "drizzle-orm";
import type { MemoryTypeName } from "../../contract/memories";
import { memories, users } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { keyContains } from "../../lib/sql-match";
import type { ServiceContext } from "../context";
import { visibleMemories } from "./access";
import { typeBits } from "./internal";
import { toMemoryView } from "./serialize";

export type MemoryListQuery = {
  ids: string[];
  // RAGFlow's tenant_id filter: only this team's memories can match
  tenantIds: string[];
  ownerIds: string[];
  memoryTypes: MemoryTypeName[];
  storageType?: string;
  keywords?: string;
  page: number;
  pageSize: number;
};

const EMPTY = { memory_list: [], total_count: 0 };

export const listMemories = async (ctx: ServiceContext, query: MemoryListQuery) => {
  if (query.tenantIds.length && !query.tenantIds.includes(ctx.actor.tenantId)) return EMPTY;
  const bits = typeBits(query.memoryTypes);
  const where = and(
    visibleMemories(ctx),
    query.ids.length ? inJsonList(memories.id, query.ids) : undefined,
    query.ownerIds.length ? inJsonList(memories.createdBy, query.ownerIds) : undefined,
    bits ? sql`(${memories.memoryType} & ${bits}) > 0` : undefined,
    query.storageType ? eq(memories.storageType, query.storageType) : undefined,
    query.keywords ? keyContains(memories.nameKey, query.keywords) : undefined,
  );
  const rows = await ctx.db
    .select({ memory: memories, ownerName: users.nickname })
    .from(memories)
    .leftJoin(users, eq(users.id, memories.createdBy))
    .where(where)
    .orderBy(desc(memories.updateTime), desc(memories.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(memories).where(where);
  return {
    memory_list: rows.map((row) => toMemoryView(row.memory, row.ownerName)),
    total_count: total?.n ?? 0,
  };
};
