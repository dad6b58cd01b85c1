import { eq } from "drizzle-orm";
import type { UpdateEvaluationSetInput } from "../../contract/evaluation-sets";
import { evaluationSets } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { assertVisibleBases, getManageableSet } from "./access";
import { setWithDetails } from "./details";

// Questions already in the set keep their expected ids when its bases change (a run then finds them or not).
export const updateEvaluationSet = async (ctx: ServiceContext, id: string, input: UpdateEvaluationSetInput) => {
  const current = await getManageableSet(ctx, id);
  if (input.dataset_ids) await assertVisibleBases(ctx, input.dataset_ids);
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.dataset_ids !== undefined && { datasetIds: input.dataset_ids }),
    ...(input.schedule_after_reparse !== undefined && { scheduleAfterReparse: input.schedule_after_reparse }),
    ...(input.alert_margin !== undefined && { alertMargin: input.alert_margin }),
    updateTime: nowMs(),
  };
  await ctx.db.update(evaluationSets).set(changes).where(eq(evaluationSets.id, current.id));
  return setWithDetails(ctx, { ...current, ...changes });
};
