import { eq, inArray, sql } from "drizzle-orm";
import { loginAttempts } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import { MINUTE_MS, nowMs } from "../../lib/time";
import type { Deps } from "../context";

export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const limitFor = (key: string) => (key.startsWith("ip:") ? MAX_FAILURES_PER_IP : MAX_FAILURES_PER_EMAIL);

export type LoginKeys = readonly [emailKey: string, ipKey: string];

export const loginKeys = (email: string, ip: string): LoginKeys => [`email:${email}`, `ip:${ip}`];

export const assertLoginAllowed = async ({ db }: Deps, keys: LoginKeys) => {
  const now = nowMs();
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [...keys]));
  for (const row of rows) {
    const windowEnd = row.windowStart + LOGIN_WINDOW_MS;
    if (windowEnd > now && row.failures >= limitFor(row.key)) {
      const minutes = Math.ceil((windowEnd - now) / MINUTE_MS);
      throw new AppError(
        RetCode.TOO_MANY_REQUESTS,
        `Too many failed sign-in attempts. Try again in ${minutes} minute(s).`,
        429,
      );
    }
  }
};

// Fixed window: the first failure after a window has ended starts a new one.
export const recordLoginFailure = async ({ db }: Deps, [emailKey, ipKey]: LoginKeys) => {
  const now = nowMs();
  const windowStart = now - LOGIN_WINDOW_MS;
  const expired = sql`${loginAttempts.windowStart} < ${windowStart}`;
  const countFailure = (key: string) =>
    db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${loginAttempts.windowStart} END`,
        },
      });
  await db.batch([countFailure(emailKey), countFailure(ipKey)]);
};

export const clearLoginFailures = async ({ db }: Deps, emailKey: string) => {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, emailKey));
};
