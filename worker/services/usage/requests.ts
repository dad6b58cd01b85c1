import { sql } from "drizzle-orm";
import { usageDaily } from "../../db/schema";
import type { Deps } from "../context";

// UTC calendar day, the unit Cloudflare's daily request limit resets on.
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// Counts gather in the isolate and are written at most every FLUSH_MS: one row write per team and day and
// flush instead of one per request (D1's free plan allows 100,000 row writes a day, as many as Workers
// requests). Counts still pending when an isolate ends are lost: the figures are a close lower bound. Each count
// waits for a request on its team's D1 shard (docs/scaling.md).
const FLUSH_MS = 10_000;
type Pending = { tenantId: string; day: string; requests: number };
const pending = new Map<string, Map<string, Pending>>();
const flushedAt = new Map<string, number>();

// Writes the isolate's pending counts of the shard `db` runs on, one upsert per team and day.
export const flushRequests = async ({ db, shard }: Pick<Deps, "db" | "shard">, now = Date.now()) => {
  flushedAt.set(shard, now);
  const counts = [...(pending.get(shard)?.values() ?? [])];
  pending.delete(shard);
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
export const recordRequest = async (deps: Pick<Deps, "db" | "shard">, tenantId: string, now = Date.now()) => {
  const day = utcDay(now);
  const key = `${tenantId} ${day}`;
  const onShard = pending.get(deps.shard) ?? new Map<string, Pending>();
  pending.set(deps.shard, onShard);
  const count = onShard.get(key) ?? { tenantId, day, requests: 0 };
  count.requests++;
  onShard.set(key, count);
  if (now - (flushedAt.get(deps.shard) ?? 0) >= FLUSH_MS) await flushRequests(deps, now);
};
