import { eq } from "drizzle-orm";
import { memories, memoryMessages } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { canManageTeam } from "../teams/membership";
import { getMemoryInTenant } from "./access";

// Members use and edit a team memory; deleting it is for its maker or a team manager.
export const removeMemory = async (ctx: ServiceContext, id: string) => {
  const row = await getMemoryInTenant(ctx, id);
  if (row.createdBy !== ctx.actor.userId && !canManageTeam(ctx.actor.role))
    throw new AppError(RetCode.PERMISSION_ERROR, "Only the memory's maker or a team manager may delete it.");
  await ctx.db.batch([
    ctx.db.delete(memoryMessages).where(eq(memoryMessages.memoryId, id)),
    ctx.db.delete(memories).where(eq(memories.id, id)),
  ]);
  return true;
};
