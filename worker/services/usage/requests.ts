import { sql } from "drizzle-orm";
import { usageDaily } from "../../db/schema";
import type { Deps } from "../context";

// UTC calendar day, the unit Cloudflare's daily request limit resets on.
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// One upsert per request; the caller runs it after the response (waitUntil).
export const recordRequest = async ({ db }: Pick<Deps, "db">, tenantId: string, now = Date.now()) => {
  await db
    .insert(usageDaily)
    .values({ tenantId, day: utcDay(now), requests: 1 })
    .onConflictDoUpdate({ target: [usageDaily.tenantId, usageDaily.day], set: { requests: sql`${usageDaily.requests} + 1` } });
};
