import { eq } from "drizzle-orm";
import type { ApplyRunInput } from "../../contract/evaluation-sets";
import { datasets, dialogs } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDialogInTenant } from "../chats/access";
import { getManageableDataset } from "../scope/datasets";
import { getRunInTeam } from "./access";

const given = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

// "Use these settings": a finished run's retrieval settings into one of the caller's assistants, or into a
// knowledge base's retrieval defaults (threshold and weight, all a base has). Settings the run left at their
// defaults are not touched.
export const applyRun = async (ctx: ServiceContext, runId: string, input: ApplyRunInput) => {
  const { run } = await getRunInTeam(ctx, runId);
  if (run.status !== "done") throw dataError("Only a finished run's settings can be applied.");
  const { settings } = run;
  if (input.target === "chat") {
    const dialog = await getDialogInTenant(ctx, input.chat_id);
    const changes = given({
      similarityThreshold: settings.similarity_threshold,
      vectorSimilarityWeight: settings.vector_similarity_weight,
      topK: settings.top_k,
      rerankId: settings.rerank_id,
    });
    await ctx.db
      .update(dialogs)
      .set({ ...changes, updateTime: nowMs() })
      .where(eq(dialogs.id, dialog.id));
    return true;
  }
  const dataset = await getManageableDataset(ctx, input.dataset_id);
  const changes = given({
    similarityThreshold: settings.similarity_threshold,
    vectorSimilarityWeight: settings.vector_similarity_weight,
  });
  await ctx.db
    .update(datasets)
    .set({ ...changes, updateTime: nowMs() })
    .where(eq(datasets.id, dataset.id));
  return true;
};
