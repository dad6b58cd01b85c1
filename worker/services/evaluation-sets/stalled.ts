import { and, eq, inArray, lt } from "drizzle-orm";
import { evaluationRuns } from "../../db/schema";
import { HOUR_MS, nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { failRun } from "./run-execute";

// A run silent for this long since it started is given up rather than sent again.
const GIVE_UP_AFTER_MS = 6 * HOUR_MS;

// Runs whose message was lost (a restarted local stack, a dead isolate) go back on the queue: a slice skips the
// questions already answered, so a duplicate costs nothing. Returns their messages.
export const requeueSilentRuns = async (deps: Deps, silentSince: number) => {
  const silent = await deps.db
    .select({ id: evaluationRuns.id, tenantId: evaluationRuns.tenantId, createTime: evaluationRuns.createTime })
    .from(evaluationRuns)
    .where(and(inArray(evaluationRuns.status, ["queued", "running"]), lt(evaluationRuns.updateTime, silentSince)))
    .limit(100);
  const messages = [];
  for (const run of silent) {
    if (run.createTime < nowMs() - GIVE_UP_AFTER_MS) {
      await failRun(deps, run.id, "The run stopped responding and was given up.");
      continue;
    }
    await deps.db.update(evaluationRuns).set({ updateTime: nowMs() }).where(eq(evaluationRuns.id, run.id));
    messages.push({ type: "evaluation" as const, tenantId: run.tenantId, runId: run.id });
  }
  return messages;
};
