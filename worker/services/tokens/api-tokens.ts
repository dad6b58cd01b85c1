import { and, desc, eq, or } from "drizzle-orm";
import { API_TOKEN_PREFIX } from "../../contract/limits";
import type { ApiToken } from "../../contract/tokens";
import { apiTokens } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import { httpDate, MINUTE_MS, nowMs } from "../../lib/time";
import { tagWithShard } from "../../platform/d1-shards";
import { dataError } from "../../lib/errors";
import type { Deps, ServiceContext } from "../context";

type ApiTokenRow = typeof apiTokens.$inferSelect;

// Keys are shown in full once, at creation; afterwards only a hint (prefix…suffix) is kept.
const hintOf = (token: string) => `${token.slice(0, API_TOKEN_PREFIX.length + 4)}…${token.slice(-4)}`;

const toApiToken = (row: ApiTokenRow, token = row.tokenHint): ApiToken => ({
  id: row.id,
  tenant_id: row.tenantId,
  token,
  beta: row.beta,
  dialog_id: row.dialogId,
  source: row.source,
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.lastUsedTime,
  update_date: row.lastUsedTime ? httpDate(row.lastUsedTime) : null,
});

export const createApiToken = async ({ db, actor, shard }: ServiceContext): Promise<ApiToken> => {
  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const token = tagWithShard(secret, shard);
  const row: ApiTokenRow = {
    id: newId(),
    tenantId: actor.tenantId,
    createdBy: actor.userId,
    tokenHash: await sha256Hex(token),
    tokenHint: hintOf(secret),
    beta: newId(),
    dialogId: null,
    source: null,
    createTime: nowMs(),
    lastUsedTime: null,
  };
  await db.insert(apiTokens).values(row);
  return toApiToken(row, token);
};

export const listApiTokens = async ({ db, actor }: ServiceContext): Promise<ApiToken[]> => {
  const rows = await db.query.apiTokens.findMany({
    where: and(eq(apiTokens.tenantId, actor.tenantId), eq(apiTokens.createdBy, actor.userId)),
    orderBy: desc(apiTokens.createTime),
  });
  return rows.map((row) => toApiToken(row));
};

// Keys are personal: each member lists and deletes the keys they made in the team.
// Accepts the full key or its id; an unknown key is not an error (RAGFlow returns true), someone else's key
// (another member's, another team's) is refused rather than answered with a `true` that deleted nothing.
export const deleteApiToken = async ({ db, actor }: ServiceContext, tokenOrId: string) => {
  const matches = or(eq(apiTokens.tokenHash, await sha256Hex(tokenOrId)), eq(apiTokens.id, tokenOrId));
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.tenantId, actor.tenantId), eq(apiTokens.createdBy, actor.userId), matches))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0 && (await db.query.apiTokens.findFirst({ where: matches, columns: { id: true } })))
    throw dataError("You don't own this API key.");
  return true;
};

export const findApiToken = async ({ db }: Deps, token: string) => {
  const row = await db.query.apiTokens.findFirst({
    where: eq(apiTokens.tokenHash, await sha256Hex(token)),
  });
  const now = nowMs();
  // "last used" needs minute precision, not one write per request
  if (row && (row.lastUsedTime ?? 0) < now - MINUTE_MS) {
    await db.update(apiTokens).set({ lastUsedTime: now }).where(eq(apiTokens.id, row.id));
  }
  return row;
};
