import { eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import type { ServiceContext } from "../context";
import { removeShareTokensOf } from "../share-links/tokens";
import { OWNER_ONLY, getManageableAgent } from "./access";

export const removeAgent = async (ctx: ServiceContext, id: string) => {
  await getManageableAgent(ctx, id, OWNER_ONLY);
  await ctx.db.delete(agents).where(eq(agents.id, id));
  await removeShareTokensOf(ctx, "agent", [id]);
  return true;
};
