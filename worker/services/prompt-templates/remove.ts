import { eq } from "drizzle-orm";
import { promptTemplates } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getManageableTemplate } from "./internal";

export const removePromptTemplate = async (ctx: ServiceContext, id: string) => {
  await getManageableTemplate(ctx, id);
  await ctx.db.delete(promptTemplates).where(eq(promptTemplates.id, id));
  return true;
};
