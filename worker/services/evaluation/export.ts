import { asc, desc } from "drizzle-orm";
import { EVALUATION_MAX_ROWS, type FeedbackExportQuery } from "../../contract/evaluation";
import { chatTurns } from "../../db/schema";
import { csvFile } from "../../lib/csv";
import type { ServiceContext } from "../context";
import { feedbackWhere, selectTurns, toFeedbackItem } from "./feedback";

const HEADER = [
  "time",
  "chat_id",
  "chat_name",
  "conversation_id",
  "session_name",
  "user_id",
  "user_name",
  "source",
  "question",
  "answer",
  "thumbup",
  "feedback_reason",
  "feedback",
  "tokens",
] as const;

// The feedback listing with the same filters as one file (newest first, at most EVALUATION_MAX_ROWS turns).
export const exportFeedback = async (ctx: ServiceContext, query: FeedbackExportQuery) => {
  const { where, range } = await feedbackWhere(ctx, query);
  const rows = await selectTurns(ctx)
    .where(where)
    .orderBy(desc(chatTurns.createTime), asc(chatTurns.id))
    .limit(EVALUATION_MAX_ROWS);
  const items = rows.map(toFeedbackItem);
  const name = `feedback_${range.from}_${range.to}`;
  if (query.format === "json") {
    return {
      body: JSON.stringify({ from: range.from, to: range.to, total: items.length, items }, null, 2),
      type: "application/json; charset=utf-8",
      file: `${name}.json`,
    };
  }
  const lines = items.map((item) => ({ ...item, time: new Date(item.create_time).toISOString() }));
  return { body: csvFile(HEADER, lines), type: "text/csv; charset=utf-8", file: `${name}.csv` };
};
