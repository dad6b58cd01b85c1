import { and, eq, or } from "drizzle-orm";
import { memories } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import type { ServiceContext } from "../context";
import { memoryNotFound } from "./internal";

// A memory is its team's: "me" keeps it to its maker, "team" shows it to every member (RAGFlow's permissions).
export const visibleMemories = (ctx: ServiceContext) =>
  and(
    eq(memories.tenantId, ctx.actor.tenantId),
    or(eq(memories.createdBy, ctx.actor.userId), eq(memories.permissions, "team")),
  );

export const getMemoryInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.memories.findFirst({ where: and(eq(memories.id, id), visibleMemories(ctx)) });
  if (!row) throw memoryNotFound(id);
  return row;
};

// The ones of `ids` the caller sees (others are left out, as RAGFlow does).
export const memoriesInTenant = async (ctx: ServiceContext, ids: readonly string[]) =>
  ids.length
    ? ctx.db
        .select()
        .from(memories)
        .where(and(inJsonList(memories.id, ids), visibleMemories(ctx)))
    : [];
