import { sql } from "drizzle-orm";
import { RATE_LIMIT_SECONDS, type RateLimitPeriod } from "../../../contract/webhook-security";
import { loginAttempts } from "../../../db/schema";
import { nowMs } from "../../../lib/time";
import type { Deps } from "../../context";

// Counts one call of a flow's webhook in the sign-in limiter's table (a counter per key in a fixed window) and
// says whether it is still within the flow's limit. Every call counts, refused ones too, as in RAGFlow.
export const countWebhookCall = async ({ db }: Deps, agentId: string, limit: number, per: RateLimitPeriod) => {
  const now = nowMs();
  const windowMs = RATE_LIMIT_SECONDS[per] * 1000;
  const expired = sql`${loginAttempts.windowStart} <= ${now - windowMs}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key: `webhook:${agentId}`, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${loginAttempts.windowStart} END`,
      },
    })
    .returning({ count: loginAttempts.failures });
  return (row?.count ?? 1) <= limit;
};
