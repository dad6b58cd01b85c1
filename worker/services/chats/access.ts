import { and, eq } from "drizzle-orm";
import { dialogs, type DialogRow } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import type { ServiceContext } from "../context";

export type Dialog = DialogRow;

// The chat pipeline runs as the assistant's tenant, whoever asks (owner, API key, or later a share token).
export const asDialogTenant = (ctx: ServiceContext, dialog: DialogRow): ServiceContext => ({
  ...ctx,
  actor: { ...ctx.actor, tenantId: dialog.tenantId },
});

export const noAuthorization = () => new AppError(RetCode.AUTHENTICATION_ERROR, "no authorization");

// Assistants are personal: each member of a team sees the ones they made in it.
export const ownDialogs = (ctx: ServiceContext) =>
  and(eq(dialogs.tenantId, ctx.actor.tenantId), eq(dialogs.createdBy, ctx.actor.userId));

// The assistant must be the caller's in the current team; anything else reads as "no authorization" (RAGFlow's 109).
export const getDialogInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.dialogs.findFirst({ where: and(eq(dialogs.id, id), ownDialogs(ctx)) });
  if (!row) throw noAuthorization();
  return row;
};
