import { and, eq, sql } from "drizzle-orm";
import { tenantModels } from "../../db/schema";
import { parseModelId } from "../../platform/providers/catalogue";
import type { TokenUsage } from "../../platform/providers/types";
import type { Deps } from "../context";

// Adds the tokens of finished calls to the model's counter shown in the model settings.
export const recordUsage = async (deps: Deps, tenantId: string, modelId: string, usage: TokenUsage) => {
  const tokens = usage.promptTokens + usage.completionTokens;
  if (tokens <= 0) return;
  const { model, provider } = parseModelId(modelId);
  await deps.db
    .update(tenantModels)
    .set({ usedTokens: sql`${tenantModels.usedTokens} + ${tokens}` })
    .where(
      and(eq(tenantModels.tenantId, tenantId), eq(tenantModels.provider, provider), eq(tenantModels.modelName, model)),
    );
};

export const addUsage = (total: TokenUsage, usage: TokenUsage) => {
  total.promptTokens += usage.promptTokens;
  total.completionTokens += usage.completionTokens;
};
