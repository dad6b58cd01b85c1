import { eq } from "drizzle-orm";
import { evaluationSets } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getManageableSet } from "./access";

// Its questions, runs and results go with it (foreign keys cascade).
export const removeEvaluationSet = async (ctx: ServiceContext, id: string) => {
  await getManageableSet(ctx, id);
  await ctx.db.delete(evaluationSets).where(eq(evaluationSets.id, id));
  return true;
};
