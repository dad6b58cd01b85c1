import { and, eq } from "drizzle-orm";
import { memoryMessages } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getMemoryInTenant } from "./access";
import { messageNotFound } from "./internal";

// One stored message of a memory the caller sees; the memory is checked first (RAGFlow: "Memory … not found.").
export const getMessageInMemory = async (ctx: ServiceContext, memoryId: string, messageId: string) => {
  await getMemoryInTenant(ctx, memoryId);
  const id = /^\d{1,15}$/.test(messageId) ? Number(messageId) : Number.NaN;
  const row = Number.isNaN(id)
    ? undefined
    : await ctx.db.query.memoryMessages.findFirst({
        where: and(eq(memoryMessages.memoryId, memoryId), eq(memoryMessages.messageId, id)),
      });
  if (!row) throw messageNotFound(memoryId, messageId);
  return row;
};
