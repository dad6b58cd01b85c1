import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { ChatStats, DateRangeQuery } from "../../contract/chats";
import { chatTurns, type DialogRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { DAY_MS } from "../../lib/time";
import type { ServiceContext } from "../context";

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// [from, to] as whole UTC days, both inclusive; the last 30 days when not given.
export const dayRange = (query: Pick<DateRangeQuery, "from" | "to">) => {
  const toMs = query.to ? Date.parse(`${query.to}T00:00:00Z`) : Date.parse(`${day(Date.now())}T00:00:00Z`);
  const fromMs = query.from ? Date.parse(`${query.from}T00:00:00Z`) : toMs - (DEFAULT_DAYS - 1) * DAY_MS;
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw dataError("Dates must look like 2026-01-31.");
  if (fromMs > toMs) throw dataError("`from` must not be after `to`.");
  if (toMs - fromMs > MAX_DAYS * DAY_MS) throw dataError(`A date range spans at most ${MAX_DAYS} days.`);
  return { fromMs, endMs: toMs + DAY_MS, from: day(fromMs), to: day(toMs) };
};

const metrics = {
  messages: sql<number>`count(*)`,
  active_users: sql<number>`count(distinct ${chatTurns.userId} || ':' || coalesce(${chatTurns.conversationId}, ''))`,
  users: sql<number>`count(distinct ${chatTurns.userId})`,
  conversations: sql<number>`count(distinct ${chatTurns.conversationId})`,
  tokens: sql<number>`coalesce(sum(${chatTurns.promptTokens} + ${chatTurns.completionTokens}), 0)`,
  completion: sql<number>`coalesce(sum(${chatTurns.completionTokens}), 0)`,
  duration: sql<number>`coalesce(sum(${chatTurns.durationMs}), 0)`,
  liked: sql<number>`coalesce(sum(case when ${chatTurns.thumbup} = 1 then 1 else 0 end), 0)`,
  rated: sql<number>`count(${chatTurns.thumbup})`,
  unanswered: sql<number>`coalesce(sum(case when ${chatTurns.retrieved} = 0 then 1 else 0 end), 0)`,
};

type Row = { [K in keyof typeof metrics]: number };

const figures = (row: Row) => ({
  messages: row.messages,
  active_users: row.users,
  tokens: row.tokens,
  token_speed: row.duration > 0 ? Math.round((row.completion / (row.duration / 1000)) * 10) / 10 : 0,
  rounds: row.conversations > 0 ? Math.round((row.messages / row.conversations) * 10) / 10 : 0,
  satisfaction: row.rated > 0 ? Math.round((row.liked / row.rated) * 1000) / 10 : null,
});

const inDays = (where: SQL | undefined, range: ReturnType<typeof dayRange>) =>
  and(where, gte(chatTurns.createTime, range.fromMs), lt(chatTurns.createTime, range.endMs));

// The raw sums of the turns matching `where`, per UTC day with turns.
export const dailyTurnSums = (ctx: ServiceContext, where: SQL | undefined, range: ReturnType<typeof dayRange>) => {
  const dayOf = sql<string>`date(${chatTurns.createTime} / 1000, 'unixepoch')`;
  return ctx.db
    .select({ date: dayOf, ...metrics })
    .from(chatTurns)
    .where(inDays(where, range))
    .groupBy(dayOf)
    .orderBy(asc(dayOf));
};

// Stats of the turns matching `where` in a day range, in total and per day (one assistant's or a team's).
export const turnStats = async (
  ctx: ServiceContext,
  where: SQL | undefined,
  range: ReturnType<typeof dayRange>,
): Promise<ChatStats> => {
  const [total] = await ctx.db.select(metrics).from(chatTurns).where(inDays(where, range));
  const days = await dailyTurnSums(ctx, where, range);
  const empty = {
    messages: 0,
    users: 0,
    conversations: 0,
    tokens: 0,
    completion: 0,
    duration: 0,
    liked: 0,
    rated: 0,
    unanswered: 0,
    active_users: 0,
  };
  const totalRow = total ?? empty;
  return {
    from: range.from,
    to: range.to,
    totals: { ...figures(totalRow), unanswered: totalRow.unanswered },
    days: days.map((row) => ({ date: row.date, ...figures(row) })),
  };
};

// Chat stats of one assistant from every channel (web, shared, API), in total and per day.
export const chatStats = async (ctx: ServiceContext, dialog: DialogRow, query: DateRangeQuery): Promise<ChatStats> =>
  turnStats(ctx, eq(chatTurns.dialogId, dialog.id), dayRange(query));
