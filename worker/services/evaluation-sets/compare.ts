import { eq } from "drizzle-orm";
import {
  ANSWER_METRICS,
  type CompareRunsQuery,
  type EvaluationMetrics,
  type EvaluationResultChunk,
  type MetricKey,
  RETRIEVAL_METRICS,
  type RunComparison,
} from "../../contract/evaluation-sets";
import { type EvaluationResultRow, evaluationResults } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getRunInTeam } from "./access";
import { toRunSummary } from "./serialize";

const round = (value: number) => Math.round(value * 10_000) / 10_000;

// b − a per metric: the retrieval metrics always (a run without metrics counts 0), answer checks where both have them.
const deltaOf = (a: EvaluationMetrics | null, b: EvaluationMetrics | null) => {
  const delta: Partial<Record<MetricKey, number>> = {};
  for (const key of RETRIEVAL_METRICS) delta[key] = round((b?.[key] ?? 0) - (a?.[key] ?? 0));
  for (const key of ANSWER_METRICS) {
    const [before, after] = [a?.[key], b?.[key]];
    if (before !== undefined && after !== undefined) delta[key] = round(after - before);
  }
  return delta;
};

// A found hit beats none; a smaller rank beats a larger one.
const changeOf = (a: number | null, b: number | null) => {
  if (a === b) return "same" as const;
  if (a === null) return "better" as const;
  if (b === null) return "worse" as const;
  return b < a ? ("better" as const) : ("worse" as const);
};

const resultsOf = async (ctx: ServiceContext, runId: string) => {
  const rows = await ctx.db.select().from(evaluationResults).where(eq(evaluationResults.runId, runId));
  return new Map(rows.map((row) => [row.questionId, row]));
};

const noChunks: EvaluationResultChunk[] = [];

// Two runs side by side (usually of one set): metric differences and, per question, what got better or worse.
export const compareRuns = async (ctx: ServiceContext, query: CompareRunsQuery): Promise<RunComparison> => {
  const [a, b] = [await getRunInTeam(ctx, query.a), await getRunInTeam(ctx, query.b)];
  const [resultsA, resultsB] = [await resultsOf(ctx, a.run.id), await resultsOf(ctx, b.run.id)];
  const order = [...new Set([...a.run.questionIds, ...b.run.questionIds])];
  const questions = order.flatMap((id) => {
    const [inA, inB] = [resultsA.get(id), resultsB.get(id)] as (EvaluationResultRow | undefined)[];
    const either = inB ?? inA;
    if (!either) return [];
    const [aRank, bRank] = [inA?.hitRank ?? null, inB?.hitRank ?? null];
    return [
      {
        question_id: id,
        question: either.question,
        a_rank: aRank,
        b_rank: bRank,
        change: changeOf(aRank, bRank),
        a_chunks: inA?.chunks ?? noChunks,
        b_chunks: inB?.chunks ?? noChunks,
      },
    ];
  });
  return {
    a: toRunSummary(a.run),
    b: toRunSummary(b.run),
    delta: deltaOf(a.run.metrics, b.run.metrics),
    questions,
  };
};
