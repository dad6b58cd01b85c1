import { and, eq, gt, lt, ne } from "drizzle-orm";
import { sessions } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import { tagWithShard } from "../../platform/d1-shards";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";

export const createSession = async ({ db, config, shard }: Deps, userId: string, remember: boolean) => {
  const token = tagWithShard(randomToken(), shard);
  const now = nowMs();
  const ttl = remember ? config.rememberSessionTtlMs : config.sessionTtlMs;
  await db.batch([
    db.insert(sessions).values({
      id: newId(),
      userId,
      tokenHash: await sha256Hex(token),
      expiresAt: now + ttl,
      createTime: now,
      lastSeenTime: now,
    }),
    // housekeeping: a user's expired sessions go when they sign in again
    db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now))),
  ]);
  return token;
};

export const findLiveSession = async ({ db }: Deps, token: string) => {
  const tokenHash = await sha256Hex(token);
  return db.query.sessions.findFirst({
    where: and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, nowMs())),
  });
};

export const revokeSession = async ({ db }: Deps, sessionId: string) => {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
};

export const revokeOtherSessions = async ({ db }: Deps, userId: string, keepSessionId: string | null) => {
  const others = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepSessionId ? and(others, ne(sessions.id, keepSessionId)) : others);
};
