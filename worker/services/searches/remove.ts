import { eq } from "drizzle-orm";
import { searchApps } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { removeShareTokensOf } from "../share-links/tokens";
import { canManageTeam } from "../teams/membership";
import { getSearchToUse } from "./access";

// Every member uses and edits the team's search apps; deleting one is for its creator or a team manager.
export const removeSearch = async (ctx: ServiceContext, id: string) => {
  const row = await getSearchToUse(ctx, id);
  if (row.createdBy !== ctx.actor.userId && !canManageTeam(ctx.actor.role))
    throw dataError("Has no permission for this operation.");
  await ctx.db.delete(searchApps).where(eq(searchApps.id, id));
  await removeShareTokensOf(ctx, "search", [id]);
  return true;
};
