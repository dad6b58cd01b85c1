import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { DateRangeQuery } from "../../contract/chats";
import { chatTurns, conversations, type DialogRow } from "../../db/schema";
import { csvFile } from "../../lib/csv";
import type { ServiceContext } from "../context";
import { dayRange } from "./stats";

const iso = (ms: number) => new Date(ms).toISOString();

// The answered questions of one assistant in a date range, from every channel, as JSON, CSV or Markdown.
export const exportHistory = async (ctx: ServiceContext, dialog: DialogRow, query: DateRangeQuery) => {
  const range = dayRange(query);
  const rows = await ctx.db
    .select({ turn: chatTurns, sessionName: conversations.name })
    .from(chatTurns)
    .leftJoin(conversations, eq(conversations.id, chatTurns.conversationId))
    .where(
      and(
        eq(chatTurns.dialogId, dialog.id),
        gte(chatTurns.createTime, range.fromMs),
        lt(chatTurns.createTime, range.endMs),
      ),
    )
    .orderBy(asc(chatTurns.createTime));
  const items = rows.map(({ turn, sessionName }) => ({
    time: iso(turn.createTime),
    session_id: turn.conversationId,
    session_name: sessionName,
    user_id: turn.userId,
    source: turn.source,
    question: turn.question,
    answer: turn.answer,
    thumbup: turn.thumbup,
    feedback_reason: turn.feedbackReason,
    feedback: turn.feedback,
    tokens: turn.promptTokens + turn.completionTokens,
  }));
  const name = `${dialog.name.replace(/[^\p{L}\p{N}_-]+/gu, "_")}_${range.from}_${range.to}`;
  if (query.format === "csv") {
    const header = [
      "time",
      "session_id",
      "session_name",
      "user_id",
      "source",
      "question",
      "answer",
      "thumbup",
      "feedback_reason",
      "feedback",
      "tokens",
    ] as const;
    return { body: csvFile(header, items), type: "text/csv; charset=utf-8", file: `${name}.csv` };
  }
  if (query.format === "md") {
    const sections = items.map(
      (item) =>
        `## ${item.time} · ${item.session_name ?? item.source}\n\n**Question:** ${item.question}\n\n**Answer:**\n\n${item.answer}\n${item.thumbup === null ? "" : `\n_Feedback: ${item.thumbup ? "👍" : "👎"}${item.feedback_reason ? ` (${item.feedback_reason})` : ""}${item.feedback ? ` ${item.feedback}` : ""}_\n`}`,
    );
    return {
      body: `# ${dialog.name}: ${range.from} – ${range.to}\n\n${sections.join("\n---\n\n")}`,
      type: "text/markdown; charset=utf-8",
      file: `${name}.md`,
    };
  }
  return {
    body: JSON.stringify(
      { chat_id: dialog.id, chat_name: dialog.name, from: range.from, to: range.to, items },
      null,
      2,
    ),
    type: "application/json; charset=utf-8",
    file: `${name}.json`,
  };
};
