import { asc, eq } from "drizzle-orm";
import type { EvaluationRun } from "../../contract/evaluation-sets";
import { evaluationResults } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getRunInTeam } from "./access";
import { toQuestionResult, toRunSummary } from "./serialize";

// A run with its per-question results so far, in the set's question order.
export const getRun = async (ctx: ServiceContext, runId: string): Promise<EvaluationRun> => {
  const { run } = await getRunInTeam(ctx, runId);
  const results = await ctx.db
    .select()
    .from(evaluationResults)
    .where(eq(evaluationResults.runId, run.id))
    .orderBy(asc(evaluationResults.position));
  return { ...toRunSummary(run), questions: results.map(toQuestionResult) };
};
