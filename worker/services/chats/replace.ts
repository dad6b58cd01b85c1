import { eq } from "drizzle-orm";
import type { ReplaceChatInput } from "../../contract/chats";
import { dialogs, type DialogRow } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDialogInTenant } from "./access";
import { serializeChat, assertNameFree, completeRow } from "./internal";

// PUT: full replace (omitted fields reset to their defaults).
export const replaceChat = async (ctx: ServiceContext, id: string, input: ReplaceChatInput) => {
  const current = await getDialogInTenant(ctx, id);
  const name = input.name ?? current.name;
  await assertNameFree(ctx, name, id);
  const [row] = await ctx.db
    .update(dialogs)
    .set({ ...(await completeRow(ctx, { ...input, name })), updateTime: nowMs() })
    .where(eq(dialogs.id, id))
    .returning();
  return serializeChat(ctx, row as DialogRow);
};
