import { sql } from "drizzle-orm";
import { usageDaily } from "../../db/schema";
import type { Deps } from "../context";

// UTC calendar day, the unit Cloudflare's daily request limit resets on.
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// Counts gather in the isolate and are written at most every FLUSH_MS: one row write per team and day and
// flush instead of one per request (D1's free plan allows 100,000 row writes a day, as many as Workers
// requests). Counts still pending when an isolate ends are lost: the figures are a close lower bound.
const FLUSH_MS = 10_000;
const pending = new Map<string, { tenantId: string; day: string; requests: number }>();
let flushedAt = 0;

// Writes the isolate's pending counts, one upsert per team and day.
export const flushRequests = async ({ db }: Pick<Deps, "db">, now = Date.now()) => {
  flushedAt = now;
  const counts = [...pending.values()];
  pending.clear();
  for (const count of counts) {
    await db
      .insert(usageDaily)
      .values(count)
      .onConflictDoUpdate({
        target: [usageDaily.tenantId, usageDaily.day],
        set: { requests: sql`${usageDaily.requests} + ${count.requests}` },
      })
      // a team deleted since: its count goes with it
      .catch((error: unknown) => console.warn("request count failed", error));
  }
};

// One more request of a team today; the caller runs it after the response (waitUntil).
export const recordRequest = async (deps: Pick<Deps, "db">, tenantId: string, now = Date.now()) => {
  const day = utcDay(now);
  const key = `${tenantId} ${day}`;
  const count = pending.get(key) ?? { tenantId, day, requests: 0 };
  count.requests++;
  pending.set(key, count);
  if (now - flushedAt >= FLUSH_MS) await flushRequests(deps, now);
};
