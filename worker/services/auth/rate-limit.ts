import { eq, inArray, sql } from "drizzle-orm";
import { loginAttempts } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import { HOUR_MS, MINUTE_MS, nowMs } from "../../lib/time";
import type { Deps } from "../context";

// A counter per key in a fixed window: the first count after a window has ended starts a new one.
export type Limit = { key: string; max: number; windowMs: number };

export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

// Failed sign-ins count per account *from one address* and per address: guessing from one place stops after 5
// tries, while the owner signing in from anywhere else is never locked out by someone else's guesses.
export const loginLimits = (email: string, ip: string): [account: Limit, address: Limit] => [
  { key: `login:${ip}|${email}`, max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, windowMs: LOGIN_WINDOW_MS },
  { key: `login-ip:${ip}`, max: MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS },
];

export const registrationLimit = (ip: string, perHour: number): Limit => ({
  key: `register:${ip}`,
  max: perHour,
  windowMs: HOUR_MS,
});

// Refuses with 429 when any of the limits is used up, saying when to try again.
export const assertUnderLimits = async ({ db }: Deps, limits: Limit[], what: string) => {
  const now = nowMs();
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(
      inArray(
        loginAttempts.key,
        limits.map((limit) => limit.key),
      ),
    );
  for (const limit of limits) {
    const row = rows.find((candidate) => candidate.key === limit.key);
    const windowEnd = (row?.windowStart ?? 0) + limit.windowMs;
    if (row && windowEnd > now && row.failures >= limit.max) {
      const minutes = Math.ceil((windowEnd - now) / MINUTE_MS);
      throw new AppError(RetCode.TOO_MANY_REQUESTS, `${what} Try again in ${minutes} minute(s).`, 429);
    }
  }
};

export const countAgainstLimits = async ({ db }: Deps, limits: Limit[]) => {
  const now = nowMs();
  const count = (limit: Limit) => {
    const expired = sql`${loginAttempts.windowStart} < ${now - limit.windowMs}`;
    return db
      .insert(loginAttempts)
      .values({ key: limit.key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${loginAttempts.windowStart} END`,
        },
      });
  };
  const [first, ...rest] = limits.map(count);
  if (first) await db.batch([first, ...rest]);
};

export const clearLimit = async ({ db }: Deps, limit: Limit) => {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, limit.key));
};
