import { and, eq, sql } from "drizzle-orm";
import { agents, dialogs, searchApps, shareTokens, shareUsage, type ShareTokenRow } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { roleIn } from "../teams/membership";
import { dayBucket, minuteBucket, uncountRequest } from "../share-links/usage";

// A link's requests counted in this minute and (for an answer) this day, by the request being checked.
type Counts = { perMinute: number; today: number | null; minute: string; day: string };
export type Counted = { token: ShareTokenRow; counts: Counts };
export type ShareAccess = Counted & { dialog: typeof dialogs.$inferSelect };

const forbidden = (message: string) => new AppError(RetCode.FORBIDDEN, message, 403);
const tooMany = (message: string) => new AppError(RetCode.TOO_MANY_REQUESTS, message, 429);

// A share token opens one chat of one tenant: the token must exist, name this chat, and the chat must still
// belong to the token's tenant (RAGFlow only checks that the token exists).
const invalidLink = () =>
  new AppError(RetCode.AUTHENTICATION_ERROR, "Authentication error: the share link is invalid or was revoked.", 401);

export const shareTokenOf = async (deps: Deps, credential: string | null) => {
  const token = credential
    ? await deps.db.query.shareTokens.findFirst({ where: eq(shareTokens.token, credential) })
    : undefined;
  if (!token) throw invalidLink();
  return token;
};

// One more request in a bucket of the link with this secret (none when no link has it), handing back the new count.
const countFor = (deps: Deps, credential: string, bucket: string) =>
  deps.db
    .insert(shareUsage)
    .select((qb) =>
      qb
        .select({
          tokenId: shareTokens.id,
          bucket: sql<string>`${bucket}`.as("bucket"),
          count: sql<number>`1`.as("count"),
        })
        .from(shareTokens)
        .where(eq(shareTokens.token, credential)),
    )
    .onConflictDoUpdate({
      target: [shareUsage.tokenId, shareUsage.bucket],
      set: { count: sql`${shareUsage.count} + 1` },
    })
    .returning({ count: shareUsage.count });

// The link and its request counts in one round trip (it writes, so it goes to the primary: the visitor's request
// costs no second primary trip for its limits). Answers also count against the day and mark the link's last use.
const countedToken = async (deps: Deps, credential: string | null, isAnswer: boolean): Promise<Counted> => {
  if (!credential) throw invalidLink();
  const now = nowMs();
  const minute = minuteBucket(now);
  const day = dayBucket(now);
  const find = deps.db.select().from(shareTokens).where(eq(shareTokens.token, credential));
  const perMinute = countFor(deps, credential, minute);
  const [tokens, minuteRows, dayRows] = isAnswer
    ? await deps.db.batch([
        find,
        perMinute,
        countFor(deps, credential, day),
        deps.db.update(shareTokens).set({ lastUsedAt: now }).where(eq(shareTokens.token, credential)),
      ])
    : [...(await deps.db.batch([find, perMinute])), null];
  const token = tokens[0];
  if (!token) throw invalidLink();
  return {
    token,
    counts: { perMinute: minuteRows[0]?.count ?? 1, today: dayRows ? (dayRows[0]?.count ?? 1) : null, minute, day },
  };
};

// A refused request does not count against the link's limits: its counts are taken back before the error.
const refused = async (deps: Deps, { token, counts }: Counted, error: AppError) => {
  await deps.db.batch([
    uncountRequest(deps, token.id, counts.minute),
    ...(counts.today === null ? [] : [uncountRequest(deps, token.id, counts.day)]),
  ]);
  return error;
};

// A link works while its maker is in the team: removing a member ends the links they made.
const tokenFor = async (
  deps: Deps,
  credential: string | null,
  type: ShareTokenRow["targetType"],
  id: string,
  isAnswer: boolean,
) => {
  const counted = await countedToken(deps, credential, isAnswer);
  const { token } = counted;
  if (token.targetType !== type || token.targetId !== id)
    throw await refused(deps, counted, forbidden(`This share link does not open this ${type}.`));
  if (!(await roleIn(deps, token.createdBy, token.tenantId)))
    throw await refused(deps, counted, forbidden("This share link no longer works: its maker has left the team."));
  return counted;
};

// `isAnswer`: the request is a model call that counts against the link's daily cap (checkRate enforces both limits).
export const openSharedChat = async (
  deps: Deps,
  credential: string | null,
  chatId: string,
  isAnswer: boolean,
): Promise<ShareAccess> => {
  const counted = await tokenFor(deps, credential, "chat", chatId, isAnswer);
  const dialog = await deps.db.query.dialogs.findFirst({
    where: and(eq(dialogs.id, chatId), eq(dialogs.tenantId, counted.token.tenantId)),
  });
  if (!dialog) throw await refused(deps, counted, forbidden("This share link does not open this chat."));
  return { ...counted, dialog };
};

// The same for a shared agent flow.
export const openSharedAgent = async (deps: Deps, credential: string | null, agentId: string, isAnswer: boolean) => {
  const counted = await tokenFor(deps, credential, "agent", agentId, isAnswer);
  const agent = await deps.db.query.agents.findFirst({
    where: and(eq(agents.id, agentId), eq(agents.tenantId, counted.token.tenantId)),
  });
  if (!agent) throw await refused(deps, counted, forbidden("This share link does not open this agent."));
  return { ...counted, agent };
};

// The same for a shared search app.
export const openSharedSearch = async (deps: Deps, credential: string | null, searchId: string, isAnswer: boolean) => {
  const counted = await tokenFor(deps, credential, "search", searchId, isAnswer);
  const app = await deps.db.query.searchApps.findFirst({
    where: and(eq(searchApps.id, searchId), eq(searchApps.tenantId, counted.token.tenantId)),
  });
  if (!app) throw await refused(deps, counted, forbidden("This share link does not open this search."));
  return { ...counted, app };
};

// The page's frame-ancestors: the allowed origins, any site when none are listed, only Buddy itself for a bad token.
export const frameAncestorsFor = async (deps: Deps, credential: string | null) => {
  const token = credential
    ? await deps.db.query.shareTokens.findFirst({ where: eq(shareTokens.token, credential) })
    : undefined;
  if (!token) return "'self'";
  return token.allowedOrigins.length ? ["'self'", ...token.allowedOrigins].join(" ") : "*";
};

// A request through an opened link: an embed may only call from the origins its owner allowed (none listed = any;
// Buddy's own share page, same-origin, always passes), within the link's limits on the counts taken when it was
// opened: requests per minute for everything, answers per day for completions (one refused per minute is not
// counted against the day).
export const admitShared = async (deps: Deps, counted: Counted, origin: string | undefined, selfOrigin: string) => {
  const { token, counts } = counted;
  const allowed = token.allowedOrigins;
  if (origin && origin !== selfOrigin && allowed.length > 0 && !allowed.includes(origin))
    throw await refused(deps, counted, forbidden(`Requests from ${origin} are not allowed for this share link.`));
  if (counts.perMinute > token.ratePerMinute) {
    if (counts.today !== null) await uncountRequest(deps, token.id, counts.day);
    throw tooMany(`Too many requests: this share link allows ${token.ratePerMinute} per minute. Please wait a moment.`);
  }
  if (counts.today !== null && counts.today > token.dailyCap)
    throw tooMany(
      `This share link has reached its daily limit of ${token.dailyCap} answers. Please try again tomorrow.`,
    );
};
