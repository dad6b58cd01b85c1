import * as v from "valibot";
import { FEEDBACK_REASONS, type FeedbackReason } from "./chats";
import { msg, oneOf, queryBool, queryInt } from "./pydantic";

export const FEEDBACK_PAGE_SIZE = 20;
// exports and the unanswered grouping read at most this many turns
export const EVALUATION_MAX_ROWS = 10_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (key: "from" | "to") =>
  v.optional(v.pipe(v.string(), v.regex(DAY, `\`${key}\` must be a date like 2026-01-31.`)));

const RangeFields = {
  from: day("from"),
  to: day("to"),
  chat_id: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("`chat_id` can not be empty."))),
};

// `thumbup` filters liked (true), disliked (false) or unrated (none) answers; without it, `rated` (default
// true) keeps only answers that got a thumb, and `rated=false` lists every answered question.
const FilterFields = {
  ...RangeFields,
  reason: v.optional(oneOf(FEEDBACK_REASONS)),
  thumbup: v.optional(oneOf(["true", "false", "none"] as const)),
  rated: queryBool(true),
  keywords: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, msg.maxChars(200)))),
};

export const FeedbackQuerySchema = v.object({
  ...FilterFields,
  page: queryInt(1, 1),
  page_size: queryInt(FEEDBACK_PAGE_SIZE, 1, 100),
});
export type FeedbackQuery = v.InferOutput<typeof FeedbackQuerySchema>;
export type FeedbackFilters = Omit<FeedbackQuery, "page" | "page_size">;

export const FeedbackExportQuerySchema = v.object({
  ...FilterFields,
  format: v.optional(oneOf(["csv", "json"] as const), "csv"),
});
export type FeedbackExportQuery = v.InferOutput<typeof FeedbackExportQuerySchema>;

export const EvaluationStatsQuerySchema = v.object(RangeFields);
export type EvaluationStatsQuery = v.InferOutput<typeof EvaluationStatsQuerySchema>;

export const UnansweredQuerySchema = v.object({
  ...RangeFields,
  include_resolved: queryBool(false),
  page: queryInt(1, 1),
  page_size: queryInt(FEEDBACK_PAGE_SIZE, 1, 100),
});
export type UnansweredQuery = v.InferOutput<typeof UnansweredQuerySchema>;

export const ResolveUnansweredSchema = v.object({
  question: v.pipe(
    v.string("`question` is required"),
    v.trim(),
    v.nonEmpty("`question` is required"),
    v.maxLength(8000, msg.maxChars(8000)),
  ),
  chat_id: v.optional(v.pipe(v.string(msg.string), v.nonEmpty("`chat_id` can not be empty."))),
  chunk_id: v.pipe(v.string("`chunk_id` is required"), v.trim(), v.nonEmpty("`chunk_id` is required")),
});
export type ResolveUnansweredInput = v.InferOutput<typeof ResolveUnansweredSchema>;

// ---- what the API returns ----

export type FeedbackItem = {
  id: string;
  chat_id: string;
  chat_name: string;
  conversation_id: string | null;
  session_name: string | null;
  message_id: string;
  user_id: string;
  user_name: string;
  source: "web" | "api" | "shared";
  question: string;
  answer: string;
  thumbup: boolean | null;
  feedback_reason: FeedbackReason | null;
  feedback: string | null;
  tokens: number;
  retrieved: number;
  create_time: number;
  create_date: string;
};

export type FeedbackPage = { total: number; items: FeedbackItem[] };

export type ConversationHistory = {
  conversation_id: string;
  chat_id: string;
  chat_name: string;
  session_name: string;
  user_id: string;
  user_name: string;
  source: "web" | "api" | "shared";
  turns: FeedbackItem[];
};

export type UnansweredQuestion = {
  question: string;
  count: number;
  last_time: number;
  chat_id: string;
  chat_name: string;
  chats: { id: string; name: string }[];
  dataset_ids: string[];
  resolved_chunk_id: string | null;
};

export type UnansweredPage = { total: number; items: UnansweredQuestion[] };

// RAGFlow's GET /system/stats: dates as "2026-01-31" or "2026-01-31 12:00:00" (the day counts); canvas_id (any
// value) switches to agent sessions.
const STATS_DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
const isCalendarDay = (text: string) => !Number.isNaN(Date.parse(`${text.slice(0, 10)}T00:00:00Z`));
const statsDate = (key: string) => {
  const message = `\`${key}\` must be a date like 2026-01-31 or 2026-01-31 00:00:00.`;
  return v.optional(v.pipe(v.string(), v.trim(), v.regex(STATS_DATE, message), v.check(isCalendarDay, message)));
};
export const SystemStatsQuerySchema = v.object({
  from_date: statsDate("from_date"),
  to_date: statsDate("to_date"),
  canvas_id: v.optional(v.string()),
});
export type SystemStatsQuery = v.InferOutput<typeof SystemStatsQuerySchema>;

export const SYSTEM_STATS_SERIES = ["pv", "uv", "speed", "tokens", "round", "thumb_up"] as const;
// each series a list of [day, value], days without sessions left out (as in RAGFlow)
export type SystemStats = Record<(typeof SYSTEM_STATS_SERIES)[number], [string, number][]>;
