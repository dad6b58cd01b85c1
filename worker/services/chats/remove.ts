import { eq, inArray } from "drizzle-orm";
import type { DeleteByIdsInput } from "../../contract/datasets";
import { dialogs } from "../../db/schema";
import { eachChunk } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { removeShareTokensOf } from "../share-links/tokens";
import { ownDialogs, getDialogInTenant } from "./access";

export const removeChat = async (ctx: ServiceContext, id: string) => {
  await getDialogInTenant(ctx, id);
  await ctx.db.delete(dialogs).where(eq(dialogs.id, id));
  await removeShareTokensOf(ctx, "chat", [id]);
  return true;
};

export const removeChats = async (ctx: ServiceContext, input: DeleteByIdsInput) => {
  const owned = await ctx.db.select({ id: dialogs.id }).from(dialogs).where(ownDialogs(ctx));
  if (input.delete_all) {
    if (owned.length) await ctx.db.delete(dialogs).where(ownDialogs(ctx));
    await removeShareTokensOf(
      ctx,
      "chat",
      owned.map((row) => row.id),
    );
    return { success_count: owned.length };
  }
  const ids = [...new Set(input.ids ?? [])];
  if (ids.length === 0) return {};
  const ownedIds = new Set(owned.map((row) => row.id));
  const missing = ids.find((id) => !ownedIds.has(id));
  if (missing) throw dataError(`Chat(${missing}) not found.`);
  await eachChunk(ids, (part) => ctx.db.delete(dialogs).where(inArray(dialogs.id, part)));
  await removeShareTokensOf(ctx, "chat", ids);
  return { success_count: ids.length };
};
