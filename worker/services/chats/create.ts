import type { CreateChatInput } from "../../contract/chats";
import { dialogs, type DialogRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { serializeChat, assertNameFree, completeRow } from "./internal";

export const createChat = async (ctx: ServiceContext, input: CreateChatInput) => {
  await assertNameFree(ctx, input.name);
  const now = nowMs();
  const [row] = await ctx.db
    .insert(dialogs)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      createdBy: ctx.actor.userId,
      createTime: now,
      updateTime: now,
      ...(await completeRow(ctx, input)),
    })
    .returning();
  return serializeChat(ctx, row as DialogRow);
};
