import { and, eq, lt, or, sql } from "drizzle-orm";
import { shareUsage } from "../../db/schema";
import type { Deps } from "../context";
import { startsWith } from "../../lib/sql-match";

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, "");
export const minuteBucket = (ms: number) => `m:${stamp(ms).slice(0, 12)}`;
export const dayBucket = (ms: number) => `d:${stamp(ms).slice(0, 8)}`;

// Takes back one request counted in a bucket (one refused by another limit).
export const uncountRequest = (deps: Deps, tokenId: string, bucket: string) =>
  deps.db
    .update(shareUsage)
    .set({ count: sql`${shareUsage.count} - 1` })
    .where(and(eq(shareUsage.tokenId, tokenId), eq(shareUsage.bucket, bucket)));

// Minute buckets older than an hour and day buckets older than a week are no longer needed.
export const pruneUsage = (deps: Deps, now: number) =>
  deps.db
    .delete(shareUsage)
    .where(
      or(
        and(startsWith(shareUsage.bucket, "m:"), lt(shareUsage.bucket, minuteBucket(now - 3_600_000))),
        and(startsWith(shareUsage.bucket, "d:"), lt(shareUsage.bucket, dayBucket(now - 7 * 86_400_000))),
      ),
    );
