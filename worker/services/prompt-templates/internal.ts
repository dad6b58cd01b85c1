import { and, eq } from "drizzle-orm";
import { PROMPT_NAME_TAKEN } from "../../contract/prompt-templates";
import { promptTemplates } from "../../db/schema";
import { dataError, permissionError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { canManageTeam } from "../teams/membership";

// Every member of the team reads the team's templates.
export const getTemplateInTeam = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.promptTemplates.findFirst({
    where: and(eq(promptTemplates.id, id), eq(promptTemplates.tenantId, ctx.actor.tenantId)),
  });
  if (!row) throw dataError(`You don't own the prompt template ${id}.`);
  return row;
};

// Changes and deletion: the creator, or an owner or admin of the team (as for knowledge bases and flows).
export const getManageableTemplate = async (ctx: ServiceContext, id: string) => {
  const row = await getTemplateInTeam(ctx, id);
  if (row.createdBy !== ctx.actor.userId && !canManageTeam(ctx.actor.role)) {
    throw permissionError("Only the template's creator or the team's owner or an admin can change it.");
  }
  return row;
};

export const assertNameFree = async (ctx: ServiceContext, name: string, exceptId?: string) => {
  const clash = await ctx.db.query.promptTemplates.findFirst({
    where: and(eq(promptTemplates.tenantId, ctx.actor.tenantId), eq(promptTemplates.nameKey, name.toLowerCase())),
  });
  if (clash && clash.id !== exceptId) throw dataError(PROMPT_NAME_TAKEN);
};

// Two requests may pass the check at once; the unique index decides, with the same message.
export const orNameTaken = (error: unknown): never => {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed"))
    throw dataError(PROMPT_NAME_TAKEN);
  throw error;
};
