import { eq } from "drizzle-orm";
import { memoryMessages } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { dateText } from "./internal";
import { getMessageInMemory } from "./message";

// Forgetting marks the message (forget_at): search and recent messages leave it out, and FIFO removes it first.
export const forgetMessage = async (ctx: ServiceContext, memoryId: string, messageId: string) => {
  const row = await getMessageInMemory(ctx, memoryId, messageId);
  const now = nowMs();
  await ctx.db
    .update(memoryMessages)
    .set({ forgetAt: dateText(now), updateTime: now })
    .where(eq(memoryMessages.messageId, row.messageId));
  return true;
};
