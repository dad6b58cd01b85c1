import { and, eq } from "drizzle-orm";
import { agents, dialogs, searchApps, shareTokens, type ShareTokenRow } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { roleIn } from "../teams/membership";
import { countInBucket, countRequest, dayBucket, minuteBucket, uncountRequest } from "../share-links/usage";

export type ShareAccess = { token: ShareTokenRow; dialog: typeof dialogs.$inferSelect };

const forbidden = (message: string) => new AppError(RetCode.FORBIDDEN, message, 403);
const tooMany = (message: string) => new AppError(RetCode.TOO_MANY_REQUESTS, message, 429);

// A share token opens one chat of one tenant: the token must exist, name this chat, and the chat must still
// belong to the token's tenant (RAGFlow only checks that the token exists).
export const shareTokenOf = async (deps: Deps, credential: string | null) => {
  const token = credential
    ? await deps.db.query.shareTokens.findFirst({ where: eq(shareTokens.token, credential) })
    : undefined;
  if (!token)
    throw new AppError(
      RetCode.AUTHENTICATION_ERROR,
      "Authentication error: the share link is invalid or was revoked.",
      401,
    );
  return token;
};

// A link works while its maker is in the team: removing a member ends the links they made.
const tokenFor = async (deps: Deps, credential: string | null, type: ShareTokenRow["targetType"], id: string) => {
  const token = await shareTokenOf(deps, credential);
  if (token.targetType !== type || token.targetId !== id)
    throw forbidden(`This share link does not open this ${type}.`);
  if (!(await roleIn(deps, token.createdBy, token.tenantId)))
    throw forbidden("This share link no longer works: its maker has left the team.");
  return token;
};

export const openSharedChat = async (deps: Deps, credential: string | null, chatId: string): Promise<ShareAccess> => {
  const token = await tokenFor(deps, credential, "chat", chatId);
  const dialog = await deps.db.query.dialogs.findFirst({
    where: and(eq(dialogs.id, chatId), eq(dialogs.tenantId, token.tenantId)),
  });
  if (!dialog) throw forbidden("This share link does not open this chat.");
  return { token, dialog };
};

// The same for a shared agent flow.
export const openSharedAgent = async (deps: Deps, credential: string | null, agentId: string) => {
  const token = await tokenFor(deps, credential, "agent", agentId);
  const agent = await deps.db.query.agents.findFirst({
    where: and(eq(agents.id, agentId), eq(agents.tenantId, token.tenantId)),
  });
  if (!agent) throw forbidden("This share link does not open this agent.");
  return { token, agent };
};

// The same for a shared search app.
export const openSharedSearch = async (deps: Deps, credential: string | null, searchId: string) => {
  const token = await tokenFor(deps, credential, "search", searchId);
  const app = await deps.db.query.searchApps.findFirst({
    where: and(eq(searchApps.id, searchId), eq(searchApps.tenantId, token.tenantId)),
  });
  if (!app) throw forbidden("This share link does not open this search.");
  return { token, app };
};

// An embed may only be used from the origins its owner allowed (none listed = any); same-origin calls
// (Buddy's own share page) always pass.
export const checkOrigin = (token: ShareTokenRow, origin: string | undefined, selfOrigin: string) => {
  if (!origin || origin === selfOrigin || token.allowedOrigins.length === 0) return;
  if (!token.allowedOrigins.includes(origin))
    throw forbidden(`Requests from ${origin} are not allowed for this share link.`);
};

// The page's frame-ancestors: the allowed origins, any site when none are listed, only Buddy itself for a bad token.
export const frameAncestorsFor = async (deps: Deps, credential: string | null) => {
  const token = credential
    ? await deps.db.query.shareTokens.findFirst({ where: eq(shareTokens.token, credential) })
    : undefined;
  if (!token) return "'self'";
  return token.allowedOrigins.length ? ["'self'", ...token.allowedOrigins].join(" ") : "*";
};

// Per-token limits: requests per minute for everything, answers per day for completions.
export const checkRate = async (deps: Deps, token: ShareTokenRow, isAnswer: boolean) => {
  const now = nowMs();
  const minute = minuteBucket(now);
  const perMinuteExceeded = (count: number) => count > token.ratePerMinute;
  const slowDown = () =>
    tooMany(`Too many requests: this share link allows ${token.ratePerMinute} per minute. Please wait a moment.`);
  if (!isAnswer) {
    if (perMinuteExceeded(await countRequest(deps, token.id, minute))) throw slowDown();
    return;
  }
  // an answer's counts and the link's last use in one round trip; a refused one is not counted against the day
  const day = dayBucket(now);
  const [[perMinute], [today]] = await deps.db.batch([
    countInBucket(deps, token.id, minute),
    countInBucket(deps, token.id, day),
    deps.db.update(shareTokens).set({ lastUsedAt: now }).where(eq(shareTokens.id, token.id)),
  ]);
  if (perMinuteExceeded(perMinute?.count ?? 1)) {
    await uncountRequest(deps, token.id, day);
    throw slowDown();
  }
  if ((today?.count ?? 1) > token.dailyCap)
    throw tooMany(
      `This share link has reached its daily limit of ${token.dailyCap} answers. Please try again tomorrow.`,
    );
};
