import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ChatMessage, FeedbackInput, ListSessionsQuery } from "../../contract/chats";
import { chatTurns, conversations, type ConversationRow, type DialogRow } from "../../db/schema";
import { eachChunk } from "../../lib/batches";
import { bulkReport, refuseWhenNoneValid, splitDuplicates } from "../../lib/bulk-report";
import { argumentError, dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { toSession } from "./serialize";

export type SessionSource = ConversationRow["source"];

// A new conversation starts with the assistant's opener as its first message (RAGFlow's prologue).
export const openConversation = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  name: string,
  userId: string,
  source: SessionSource,
) => {
  const now = nowMs();
  const opener: ChatMessage[] = dialog.promptConfig.prologue
    ? [{ id: newId(), role: "assistant", content: dialog.promptConfig.prologue, created_at: now / 1000 }]
    : [];
  const [row] = await ctx.db
    .insert(conversations)
    .values({
      id: newId(),
      dialogId: dialog.id,
      tenantId: dialog.tenantId,
      userId,
      source,
      name: name.slice(0, 255),
      messages: opener,
      reference: [],
      createTime: now,
      updateTime: now,
    })
    .returning();
  return row as ConversationRow;
};

export const getConversation = async (ctx: ServiceContext, dialog: DialogRow, id: string) => {
  const row = await ctx.db.query.conversations.findFirst({
    where: and(eq(conversations.id, id), eq(conversations.dialogId, dialog.id)),
  });
  if (!row) throw dataError("Session not found!");
  return row;
};

const ORDER_COLUMNS = {
  create_time: conversations.createTime,
  update_time: conversations.updateTime,
  name: conversations.name,
} as const;

export const listConversations = async (ctx: ServiceContext, dialog: DialogRow, query: ListSessionsQuery) => {
  const column = ORDER_COLUMNS[query.orderby as keyof typeof ORDER_COLUMNS];
  if (!column) throw argumentError(`invalid orderby field: ${query.orderby}`);
  const rows = await ctx.db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.dialogId, dialog.id),
        query.id ? eq(conversations.id, query.id) : undefined,
        query.name ? eq(conversations.name, query.name) : undefined,
        query.user_id !== undefined ? eq(conversations.userId, query.user_id) : undefined,
      ),
    )
    .orderBy(query.desc ? desc(column) : asc(column))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return rows.map(toSession);
};

// Without a name nothing changes and the session is answered as it is (RAGFlow v0.27).
export const renameConversation = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  id: string,
  name: string | null | undefined,
) => {
  const current = await getConversation(ctx, dialog, id);
  if (name == null) return toSession(current);
  const [row] = await ctx.db
    .update(conversations)
    .set({ name, updateTime: nowMs() })
    .where(eq(conversations.id, id))
    .returning();
  return toSession(row as ConversationRow);
};

export const removeConversations = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  ids: string[] | null | undefined,
  all: boolean,
) => {
  const owned = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.dialogId, dialog.id));
  const { unique, duplicateErrors } = splitDuplicates(all ? owned.map((row) => row.id) : (ids ?? []), "session");
  const ownedIds = new Set(owned.map((row) => row.id));
  // another chat's sessions and unknown ids are reported, the rest deleted (RAGFlow's delete_sessions)
  const targets = unique.filter((id) => ownedIds.has(id));
  const errors = [
    ...unique.filter((id) => !ownedIds.has(id)).map((id) => `The chat doesn't own the session ${id}`),
    ...duplicateErrors,
  ];
  // RAGFlow v0.27: nothing asked for → {}, all deleted → true, some → the report
  if (unique.length === 0) return {};
  refuseWhenNoneValid(targets.length, errors);
  await eachChunk(targets, (part) => ctx.db.delete(conversations).where(inArray(conversations.id, part)));
  return errors.length === 0 ? true : bulkReport(targets.length, errors);
};

// Deletes a question and its answer (they share one id, as in RAGFlow) with the answer's reference.
export const removeMessage = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  conversationId: string,
  messageId: string,
) => {
  const row = await getConversation(ctx, dialog, conversationId);
  if (!row.messages.some((message) => message.id === messageId)) throw dataError(`Message ${messageId} not found.`);
  const answered = row.messages.filter((message, i) => i > 0 && message.role === "assistant");
  const referenceIndex = answered.findIndex((message) => message.id === messageId);
  const [updated] = await ctx.db
    .update(conversations)
    .set({
      messages: row.messages.filter((message) => message.id !== messageId),
      reference: referenceIndex >= 0 ? row.reference.filter((_, i) => i !== referenceIndex) : row.reference,
      updateTime: nowMs(),
    })
    .where(eq(conversations.id, row.id))
    .returning();
  return toSession(updated as ConversationRow);
};

// Thumbs on an answer; the reason and comment are kept for thumbs down only (RAGFlow keeps feedback likewise).
export const setFeedback = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  conversationId: string,
  messageId: string,
  input: FeedbackInput,
) => {
  const row = await getConversation(ctx, dialog, conversationId);
  const target = row.messages.find((message) => message.id === messageId && message.role === "assistant");
  if (!target) throw dataError(`Message ${messageId} not found.`);
  const reason = input.thumbup ? null : (input.reason ?? null);
  const feedback = input.thumbup ? "" : (input.feedback ?? "");
  const messages = row.messages.map((message) =>
    message === target ? { ...message, thumbup: input.thumbup, reason, feedback } : message,
  );
  const [updated] = await ctx.db
    .update(conversations)
    .set({ messages, updateTime: nowMs() })
    .where(eq(conversations.id, row.id))
    .returning();
  await ctx.db
    .update(chatTurns)
    .set({ thumbup: input.thumbup, feedbackReason: reason, feedback })
    .where(and(eq(chatTurns.conversationId, row.id), eq(chatTurns.messageId, messageId)));
  return toSession(updated as ConversationRow);
};
