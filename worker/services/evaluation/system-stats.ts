import { and, asc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { SystemStats, SystemStatsQuery } from "../../contract/evaluation";
import { agents, agentSessions } from "../../db/schema";
import { DAY_MS } from "../../lib/time";
import type { ServiceContext } from "../context";
import { dailyTurnSums, dayRange } from "../chats/stats";
import { turnScope } from "./scope";

const DEFAULT_DAYS = 7;
const round2 = (value: number) => Math.round(value * 100) / 100;

// RAGFlow's default: the last 7 days up to today.
const statsRange = (query: SystemStatsQuery) => {
  const to = query.to_date?.slice(0, 10) ?? new Date().toISOString().slice(0, 10);
  const from =
    query.from_date?.slice(0, 10) ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return dayRange({ from, to });
};

type DayFigures = {
  date: string;
  pv: number;
  uv: number;
  speed: number;
  tokens: number;
  round: number;
  thumb_up: number;
};

const asSeries = (days: DayFigures[]): SystemStats => ({
  pv: days.map((day) => [day.date, day.pv]),
  uv: days.map((day) => [day.date, day.uv]),
  speed: days.map((day) => [day.date, day.speed]),
  tokens: days.map((day) => [day.date, day.tokens]),
  round: days.map((day) => [day.date, day.round]),
  thumb_up: days.map((day) => [day.date, day.thumb_up]),
});

// Agent sessions of the flows the caller sees, per day of their start: sessions, users and questions per
// session (agent runs record no tokens or ratings, so those series are 0, as in RAGFlow).
const agentDays = async (ctx: ServiceContext, range: ReturnType<typeof dayRange>): Promise<DayFigures[]> => {
  const dayOf = sql<string>`date(${agentSessions.createTime} / 1000, 'unixepoch')`;
  const questions = sql<number>`(SELECT count(*) FROM json_each(${agentSessions.messages}) WHERE json_extract(value, '$.role') = 'user')`;
  const visible = or(eq(agents.permission, "team"), eq(agents.createdBy, ctx.actor.userId)) as SQL;
  const rows = await ctx.db
    .select({
      date: dayOf,
      pv: sql<number>`count(*)`,
      uv: sql<number>`count(distinct ${agentSessions.userId})`,
      questions: sql<number>`coalesce(sum(${questions}), 0)`,
    })
    .from(agentSessions)
    .innerJoin(agents, eq(agents.id, agentSessions.agentId))
    .where(
      and(
        eq(agentSessions.tenantId, ctx.actor.tenantId),
        visible,
        gte(agentSessions.createTime, range.fromMs),
        lt(agentSessions.createTime, range.endMs),
      ),
    )
    .groupBy(dayOf)
    .orderBy(asc(dayOf));
  return rows.map((row) => ({
    date: row.date,
    pv: row.pv,
    uv: row.uv,
    speed: 0,
    tokens: 0,
    round: round2(row.questions / row.pv),
    thumb_up: 0,
  }));
};

// GET /system/stats, RAGFlow's usage statistics: per day, sessions (pv), distinct users (uv), tokens per second,
// thousands of tokens, questions per session and thumbs-up, over the caller's assistants in every channel (RAGFlow
// counts only API and share-page sessions), or over agent sessions with `canvas_id`.
export const systemStats = async (ctx: ServiceContext, query: SystemStatsQuery): Promise<SystemStats> => {
  const range = statsRange(query);
  if (query.canvas_id !== undefined) return asSeries(await agentDays(ctx, range));
  const days = await dailyTurnSums(ctx, await turnScope(ctx, undefined), range);
  return asSeries(
    days.map((row) => ({
      date: row.date,
      pv: row.conversations,
      uv: row.users,
      speed: round2(row.tokens / (row.duration / 1000 + 0.1)),
      tokens: round2(row.tokens / 1000),
      round: row.conversations > 0 ? round2(row.messages / row.conversations) : 0,
      thumb_up: row.liked,
    })),
  );
};
