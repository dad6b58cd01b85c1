import { and, desc, eq } from "drizzle-orm";
import type { EvaluationAlert } from "../../contract/evaluation-sets";
import { evaluationRuns, evaluationSets } from "../../db/schema";
import type { ServiceContext } from "../context";
import { visibleSets } from "./access";

const round = (value: number) => Math.round(value * 10_000) / 10_000;

// Sets whose latest finished run dropped in nDCG@10 by more than the set's margin against the finished run before.
export const listAlerts = async (ctx: ServiceContext): Promise<EvaluationAlert[]> => {
  const rows = await ctx.db
    .select({ run: evaluationRuns, setName: evaluationSets.name, margin: evaluationSets.alertMargin })
    .from(evaluationRuns)
    .innerJoin(evaluationSets, eq(evaluationSets.id, evaluationRuns.setId))
    .where(and(visibleSets(ctx), eq(evaluationRuns.status, "done")))
    .orderBy(desc(evaluationRuns.finishTime), desc(evaluationRuns.id));
  const latestTwo = new Map<string, typeof rows>();
  for (const row of rows) {
    const pair = latestTwo.get(row.run.setId) ?? [];
    if (pair.length < 2) latestTwo.set(row.run.setId, [...pair, row]);
  }
  return [...latestTwo.values()].flatMap(([latest, previous]) => {
    if (!latest || !previous) return [];
    const [current, before] = [latest.run.metrics?.ndcg_at_10 ?? 0, previous.run.metrics?.ndcg_at_10 ?? 0];
    const drop = round(before - current);
    if (drop <= latest.margin) return [];
    return [
      {
        set_id: latest.run.setId,
        set_name: latest.setName,
        run_id: latest.run.id,
        previous_run_id: previous.run.id,
        metric: "ndcg_at_10" as const,
        previous: before,
        current,
        drop,
      },
    ];
  });
};
