import { eq } from "drizzle-orm";
import { memoryMessages } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getMessageInMemory } from "./message";

// A disabled message (status false) stays listed but search leaves it out.
export const setMessageStatus = async (ctx: ServiceContext, memoryId: string, messageId: string, status: boolean) => {
  const row = await getMessageInMemory(ctx, memoryId, messageId);
  await ctx.db
    .update(memoryMessages)
    .set({ status, updateTime: nowMs() })
    .where(eq(memoryMessages.messageId, row.messageId));
  return true;
};
