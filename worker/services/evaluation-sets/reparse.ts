import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { evaluationRuns, evaluationSets } from "../../db/schema";
import type { Deps } from "../context";
import { queueRun } from "./run-start";

// After a document of a base re-parsed: every set over that base with schedule_after_reparse gets a run with its
// last run's settings (defaults without one), unless one is already waiting (at most one pending per set).
export const scheduleRunsAfterReparse = async (deps: Deps, datasetId: string) => {
  const sets = await deps.db
    .select()
    .from(evaluationSets)
    .where(
      and(
        eq(evaluationSets.scheduleAfterReparse, true),
        sql`EXISTS (SELECT 1 FROM json_each(${evaluationSets.datasetIds}) WHERE value = ${datasetId})`,
      ),
    );
  for (const set of sets) {
    const [waiting] = await deps.db
      .select({ id: evaluationRuns.id })
      .from(evaluationRuns)
      .where(and(eq(evaluationRuns.setId, set.id), eq(evaluationRuns.status, "queued")))
      .limit(1);
    if (waiting) continue;
    const [last] = await deps.db
      .select({ settings: evaluationRuns.settings })
      .from(evaluationRuns)
      .where(and(eq(evaluationRuns.setId, set.id), inArray(evaluationRuns.status, ["done", "running", "failed"])))
      .orderBy(desc(evaluationRuns.createTime))
      .limit(1);
    await queueRun(deps, set, set.createdBy, last?.settings ?? {}, "", "reparse").catch((error: unknown) => {
      // a set without questions has nothing to check
      console.warn(`evaluation set ${set.id}: no run after re-parse`, error);
    });
  }
};
