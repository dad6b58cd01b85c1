import { and, eq } from "drizzle-orm";
import { searchApps } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";

// Search apps belong to the team: every member sees, uses and changes them (RAGFlow scopes them to the tenant).
export const inTeam = (ctx: ServiceContext) => eq(searchApps.tenantId, ctx.actor.tenantId);

export const getSearchInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.searchApps.findFirst({ where: and(eq(searchApps.id, id), inTeam(ctx)) });
  if (!row) throw dataError("Has no permission for this operation.");
  return row;
};
