import { and, eq } from "drizzle-orm";
import { searchApps } from "../../db/schema";
import { AppError, dataError, RetCode } from "../../lib/errors";
import type { ServiceContext } from "../context";

// Search apps belong to the team: every member sees, uses and changes them (RAGFlow scopes them to the tenant).
export const inTeam = (ctx: ServiceContext) => eq(searchApps.tenantId, ctx.actor.tenantId);

export const getSearchInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.searchApps.findFirst({ where: and(eq(searchApps.id, id), inTeam(ctx)) });
  if (!row) throw dataError("Has no permission for this operation.");
  return row;
};

// Changing, deleting or asking an app that is not the team's: RAGFlow v0.27's 109 `no authorization` (reading
// one answers 102 above). Both say the same for an unknown id as for another team's.
export const getSearchToUse = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.searchApps.findFirst({ where: and(eq(searchApps.id, id), inTeam(ctx)) });
  if (!row) throw new AppError(RetCode.AUTHENTICATION_ERROR, "no authorization");
  return row;
};
