import { DEFAULT_ALERT_MARGIN, type CreateEvaluationSetInput } from "../../contract/evaluation-sets";
import { type EvaluationSetRow, evaluationSets } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { assertVisibleBases } from "./access";
import { toEvaluationSet } from "./serialize";

export const createEvaluationSet = async (ctx: ServiceContext, input: CreateEvaluationSetInput) => {
  await assertVisibleBases(ctx, input.dataset_ids);
  const now = nowMs();
  const row: EvaluationSetRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    createdBy: ctx.actor.userId,
    name: input.name,
    description: input.description ?? "",
    datasetIds: input.dataset_ids,
    scheduleAfterReparse: input.schedule_after_reparse ?? false,
    alertMargin: input.alert_margin ?? DEFAULT_ALERT_MARGIN,
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(evaluationSets).values(row);
  return toEvaluationSet(row, 0, null);
};
