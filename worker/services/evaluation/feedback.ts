import { and, count, desc, eq, gte, isNotNull, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import type { FeedbackFilters, FeedbackItem, FeedbackPage, FeedbackQuery } from "../../contract/evaluation";
import { chatTurns, conversations, dialogs, users } from "../../db/schema";
import { httpDate } from "../../lib/time";
import type { ServiceContext } from "../context";
import { dayRange } from "../chats/stats";
import { turnScope } from "./scope";
import { textContains } from "../../lib/sql-match";

const thumbFilter = (filters: FeedbackFilters) => {
  if (filters.thumbup === "true") return eq(chatTurns.thumbup, true);
  if (filters.thumbup === "false") return eq(chatTurns.thumbup, false);
  if (filters.thumbup === "none") return isNull(chatTurns.thumbup);
  return filters.rated ? isNotNull(chatTurns.thumbup) : undefined;
};

// SQLite's lower() folds ASCII letters only: "ärger" must still find "Ärger", so the usual spellings of
// the term (as typed, lower case, capitalised, upper case) are each looked for.
const spellings = (term: string) => {
  const lower = term.toLocaleLowerCase("de");
  return [
    ...new Set([term, lower, lower.charAt(0).toLocaleUpperCase("de") + lower.slice(1), term.toLocaleUpperCase("de")]),
  ];
};

const keywordFilter = (keywords: string | undefined) => {
  const term = keywords?.trim();
  if (!term) return undefined;
  const columns = [chatTurns.question, chatTurns.answer, chatTurns.feedback];
  return or(...spellings(term).flatMap((spelling) => columns.map((column) => textContains(column, spelling))));
};

// The WHERE of a feedback listing or export, and the day range it covers.
export const feedbackWhere = async (ctx: ServiceContext, filters: FeedbackFilters) => {
  const range = dayRange(filters);
  const where = and(
    await turnScope(ctx, filters.chat_id),
    gte(chatTurns.createTime, range.fromMs),
    lt(chatTurns.createTime, range.endMs),
    filters.reason ? eq(chatTurns.feedbackReason, filters.reason) : undefined,
    thumbFilter(filters),
    keywordFilter(filters.keywords),
  ) as SQL;
  return { where, range };
};

// Turns with their assistant, session and (for members signed in on the web or by API key) user names.
export const selectTurns = (ctx: ServiceContext) =>
  ctx.db
    .select({
      turn: chatTurns,
      chatName: dialogs.name,
      sessionName: conversations.name,
      nickname: users.nickname,
      email: users.email,
    })
    .from(chatTurns)
    .innerJoin(dialogs, eq(dialogs.id, chatTurns.dialogId))
    .leftJoin(conversations, eq(conversations.id, chatTurns.conversationId))
    // share-link visitors choose their own ids: never read them as accounts
    .leftJoin(users, and(eq(users.id, chatTurns.userId), ne(chatTurns.source, "shared")));

type TurnRow = Awaited<ReturnType<ReturnType<typeof selectTurns>["where"]>>[number];

export const toFeedbackItem = ({ turn, chatName, sessionName, nickname, email }: TurnRow): FeedbackItem => ({
  id: turn.id,
  chat_id: turn.dialogId,
  chat_name: chatName,
  conversation_id: turn.conversationId,
  session_name: sessionName,
  message_id: turn.messageId,
  user_id: turn.userId,
  user_name: nickname || email || turn.userId,
  source: turn.source,
  question: turn.question,
  answer: turn.answer,
  thumbup: turn.thumbup,
  feedback_reason: (turn.feedbackReason as FeedbackItem["feedback_reason"]) ?? null,
  feedback: turn.feedback,
  tokens: turn.promptTokens + turn.completionTokens,
  retrieved: turn.retrieved,
  create_time: turn.createTime,
  create_date: httpDate(turn.createTime),
});

// Answered questions of the caller's assistants with their feedback, newest first, a page at a time.
export const listFeedback = async (ctx: ServiceContext, query: FeedbackQuery): Promise<FeedbackPage> => {
  const { where } = await feedbackWhere(ctx, query);
  const rows = await selectTurns(ctx)
    .where(where)
    .orderBy(desc(chatTurns.createTime), desc(chatTurns.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await ctx.db.select({ n: count() }).from(chatTurns).where(where);
  return { total: total?.n ?? 0, items: rows.map(toFeedbackItem) };
};
