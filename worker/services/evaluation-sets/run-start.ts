import { asc, eq } from "drizzle-orm";
import type { RetrievalSettings, RunTrigger, StartRunInput } from "../../contract/evaluation-sets";
import { type EvaluationRunRow, type EvaluationSetRow, evaluationQuestions, evaluationRuns } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { Deps, ServiceContext } from "../context";
import { getDialogInTenant } from "../chats/access";
import { getManageableSet } from "./access";

// A queued run of the set's current questions; the queue consumer works through it (run-execute.ts).
export const queueRun = async (
  deps: Deps,
  set: EvaluationSetRow,
  startedBy: string,
  settings: RetrievalSettings,
  label: string,
  trigger: RunTrigger,
) => {
  const questions = await deps.db
    .select({ id: evaluationQuestions.id })
    .from(evaluationQuestions)
    .where(eq(evaluationQuestions.setId, set.id))
    .orderBy(asc(evaluationQuestions.createTime), asc(evaluationQuestions.id));
  if (questions.length === 0) throw dataError("The set has no questions to run.");
  const now = nowMs();
  const run: EvaluationRunRow = {
    id: newId(),
    setId: set.id,
    tenantId: set.tenantId,
    createdBy: startedBy,
    label,
    status: "queued",
    trigger,
    settings,
    questionIds: questions.map((question) => question.id),
    progress: 0,
    metrics: null,
    error: null,
    createTime: now,
    updateTime: now,
    finishTime: null,
  };
  await deps.db.insert(evaluationRuns).values(run);
  await deps.queue.send({ type: "evaluation", tenantId: set.tenantId, runId: run.id });
  return run;
};

export const startRun = async (ctx: ServiceContext, setId: string, input: StartRunInput) => {
  const set = await getManageableSet(ctx, setId);
  // answer checks speak as one of the caller's own assistants
  if (input.settings.chat_id) await getDialogInTenant(ctx, input.settings.chat_id);
  const run = await queueRun(ctx, set, ctx.actor.userId, input.settings, input.label ?? "", "manual");
  return { run_id: run.id };
};
