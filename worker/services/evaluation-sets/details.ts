import { and, count, eq, gt, inArray, notExists, or, sql } from "drizzle-orm";
import { inJsonList } from "../../lib/batches";
import { alias } from "drizzle-orm/sqlite-core";
import type { EvaluationSet } from "../../contract/evaluation-sets";
import { type EvaluationRunRow, type EvaluationSetRow, evaluationQuestions, evaluationRuns } from "../../db/schema";
import type { ServiceContext } from "../context";
import { toEvaluationSet } from "./serialize";

// The newest run of each set.
const latestRunIds = (ctx: ServiceContext, setIds: string[]) => {
  const newer = alias(evaluationRuns, "newer");
  return ctx.db
    .select({ id: evaluationRuns.id })
    .from(evaluationRuns)
    .where(
      and(
        inJsonList(evaluationRuns.setId, setIds),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.setId, evaluationRuns.setId),
                or(
                  gt(newer.createTime, evaluationRuns.createTime),
                  and(eq(newer.createTime, evaluationRuns.createTime), gt(newer.id, evaluationRuns.id)),
                ),
              ),
            ),
        ),
      ),
    );
};

// Sets with their question counts and latest runs (a page of sets: up to 100 ids, bound as one JSON list).
export const setsWithDetails = async (ctx: ServiceContext, rows: EvaluationSetRow[]): Promise<EvaluationSet[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [counts, runs] = await Promise.all([
    ctx.db
      .select({ setId: evaluationQuestions.setId, n: count() })
      .from(evaluationQuestions)
      .where(inJsonList(evaluationQuestions.setId, ids))
      .groupBy(evaluationQuestions.setId),
    ctx.db
      .select()
      .from(evaluationRuns)
      .where(inArray(evaluationRuns.id, latestRunIds(ctx, ids))),
  ]);
  const countOf = new Map(counts.map((row) => [row.setId, row.n]));
  const latest = new Map<string, EvaluationRunRow>(runs.map((run) => [run.setId, run]));
  return rows.map((row) => toEvaluationSet(row, countOf.get(row.id) ?? 0, latest.get(row.id) ?? null));
};

export const setWithDetails = async (ctx: ServiceContext, row: EvaluationSetRow) =>
  (await setsWithDetails(ctx, [row]))[0] as EvaluationSet;
