import { and, eq, inArray, sql } from "drizzle-orm";
import {
  SHARE_TOKEN_PREFIX,
  type ShareToken,
  type ShareTokenInput,
  type UpdateShareTokenInput,
} from "../../contract/share";
import { shareTokens, type ShareTokenRow, shareUsage } from "../../db/schema";
import { eachChunk } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { newId, randomToken } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { tagWithShard } from "../../platform/d1-shards";
import type { ServiceContext } from "../context";
import { dayBucket } from "./usage";

type Target = { type: "chat" | "agent" | "search"; id: string };

const toShareToken = (row: ShareTokenRow, usedToday: number): ShareToken => ({
  id: row.id,
  token: row.token,
  name: row.name,
  target_type: row.targetType,
  target_id: row.targetId,
  allowed_origins: row.allowedOrigins,
  rate_per_minute: row.ratePerMinute,
  daily_cap: row.dailyCap,
  used_today: usedToday,
  create_time: row.createTime,
  last_used_at: row.lastUsedAt,
});

export const createShareToken = async (ctx: ServiceContext, target: Target, input: ShareTokenInput) => {
  const now = nowMs();
  const [row] = await ctx.db
    .insert(shareTokens)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      createdBy: ctx.actor.userId,
      token: tagWithShard(`${SHARE_TOKEN_PREFIX}${randomToken(24)}`, ctx.shard),
      name: input.name,
      targetType: target.type,
      targetId: target.id,
      allowedOrigins: [...new Set(input.allowed_origins)],
      ratePerMinute: input.rate_per_minute,
      dailyCap: input.daily_cap,
      createTime: now,
      updateTime: now,
    })
    .returning();
  return toShareToken(row as ShareTokenRow, 0);
};

export const listShareTokens = async (ctx: ServiceContext, target: Target) => {
  const rows = await ctx.db
    .select({ token: shareTokens, usedToday: sql<number>`coalesce(${shareUsage.count}, 0)` })
    .from(shareTokens)
    .leftJoin(shareUsage, and(eq(shareUsage.tokenId, shareTokens.id), eq(shareUsage.bucket, dayBucket(nowMs()))))
    .where(
      and(
        eq(shareTokens.tenantId, ctx.actor.tenantId),
        eq(shareTokens.targetType, target.type),
        eq(shareTokens.targetId, target.id),
      ),
    )
    .orderBy(shareTokens.createTime);
  return rows.map((row) => toShareToken(row.token, row.usedToday));
};

const ownToken = (ctx: ServiceContext, target: Target, id: string) =>
  and(
    eq(shareTokens.id, id),
    eq(shareTokens.tenantId, ctx.actor.tenantId),
    eq(shareTokens.targetType, target.type),
    eq(shareTokens.targetId, target.id),
  );

export const updateShareToken = async (
  ctx: ServiceContext,
  target: Target,
  id: string,
  input: UpdateShareTokenInput,
) => {
  const [row] = await ctx.db
    .update(shareTokens)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.allowed_origins !== undefined && { allowedOrigins: [...new Set(input.allowed_origins)] }),
      ...(input.rate_per_minute !== undefined && { ratePerMinute: input.rate_per_minute }),
      ...(input.daily_cap !== undefined && { dailyCap: input.daily_cap }),
      updateTime: nowMs(),
    })
    .where(ownToken(ctx, target, id))
    .returning();
  if (!row) throw dataError("Share link not found.");
  return toShareToken(row, 0);
};

export const removeShareToken = async (ctx: ServiceContext, target: Target, id: string) => {
  const [row] = await ctx.db
    .delete(shareTokens)
    .where(ownToken(ctx, target, id))
    .returning({ id: shareTokens.id });
  if (!row) throw dataError("Share link not found.");
  return true;
};

// A deleted chat, agent or search app takes its share links with it.
export const removeShareTokensOf = (ctx: ServiceContext, type: Target["type"], ids: string[]) =>
  eachChunk(ids, (part) =>
    ctx.db
      .delete(shareTokens)
      .where(
        and(
          eq(shareTokens.tenantId, ctx.actor.tenantId),
          eq(shareTokens.targetType, type),
          inArray(shareTokens.targetId, part),
        ),
      ),
  );
