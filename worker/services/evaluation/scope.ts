import { and, eq, inArray, type SQL } from "drizzle-orm";
import { chatTurns, dialogs } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getDialogInTenant, ownDialogs } from "../chats/access";

// The turns the caller may evaluate: those of the caller's assistants in the current team (the same
// assistants GET /chats lists), or of one of them when `chat_id` is given (unknown or foreign → 109).
export const turnScope = async (ctx: ServiceContext, chatId: string | undefined): Promise<SQL> => {
  if (chatId) return eq(chatTurns.dialogId, (await getDialogInTenant(ctx, chatId)).id);
  const own = ctx.db.select({ id: dialogs.id }).from(dialogs).where(ownDialogs(ctx));
  return and(eq(chatTurns.tenantId, ctx.actor.tenantId), inArray(chatTurns.dialogId, own)) as SQL;
};
