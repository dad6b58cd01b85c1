import { eq } from "drizzle-orm";
import { evaluationRuns } from "../../db/schema";
import { permissionError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getRunInTeam, mayManageSet } from "./access";

// A queued or running run stops at its next slice (the job finds no row).
export const removeRun = async (ctx: ServiceContext, runId: string) => {
  const { run, set } = await getRunInTeam(ctx, runId);
  if (!mayManageSet(ctx, set))
    throw permissionError("Only the set's creator or the team's owner or an admin can change it.");
  await ctx.db.delete(evaluationRuns).where(eq(evaluationRuns.id, run.id));
  return true;
};
