import { and, asc, eq, ne } from "drizzle-orm";
import type { ConversationHistory } from "../../contract/evaluation";
import { chatTurns, conversations, dialogs, users } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { ownDialogs } from "../chats/access";
import { selectTurns, toFeedbackItem } from "./feedback";

// One conversation of the caller's assistants: every answered question in order, with its feedback.
export const conversationHistory = async (
  ctx: ServiceContext,
  conversationId: string,
): Promise<ConversationHistory> => {
  const [found] = await ctx.db
    .select({ conversation: conversations, chatName: dialogs.name, nickname: users.nickname, email: users.email })
    .from(conversations)
    .innerJoin(dialogs, eq(dialogs.id, conversations.dialogId))
    .leftJoin(users, and(eq(users.id, conversations.userId), ne(conversations.source, "shared")))
    .where(and(eq(conversations.id, conversationId), ownDialogs(ctx)));
  if (!found) throw dataError("Session not found!");
  const { conversation } = found;
  const rows = await selectTurns(ctx)
    .where(eq(chatTurns.conversationId, conversation.id))
    .orderBy(asc(chatTurns.createTime), asc(chatTurns.id));
  return {
    conversation_id: conversation.id,
    chat_id: conversation.dialogId,
    chat_name: found.chatName,
    session_name: conversation.name,
    user_id: conversation.userId,
    user_name: found.nickname || found.email || conversation.userId,
    source: conversation.source,
    turns: rows.map(toFeedbackItem),
  };
};
