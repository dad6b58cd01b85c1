import { eq, inArray } from "drizzle-orm";
import type { DeleteByIdsInput } from "../../contract/datasets";
import { dialogs } from "../../db/schema";
import { eachChunk } from "../../lib/batches";
import { bulkReport, refuseWhenNoneValid, splitDuplicates } from "../../lib/bulk-report";
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
  if (!input.ids?.length) return {};
  // unknown and other tenants' ids are reported, the rest deleted (RAGFlow's bulk_delete_chats)
  const { unique, duplicateErrors } = splitDuplicates(input.ids, "chat");
  const ownedIds = new Set(owned.map((row) => row.id));
  const ids = unique.filter((id) => ownedIds.has(id));
  const errors = [
    ...unique.filter((id) => !ownedIds.has(id)).map((id) => `Chat(${id}) not found.`),
    ...duplicateErrors,
  ];
  refuseWhenNoneValid(ids.length, errors);
  await eachChunk(ids, (part) => ctx.db.delete(dialogs).where(inArray(dialogs.id, part)));
  await removeShareTokensOf(ctx, "chat", ids);
  return bulkReport(ids.length, errors);
};
