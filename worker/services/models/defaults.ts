import { eq } from "drizzle-orm";
import type { SetDefaultModelsInput } from "../../contract/models";
import { tenants } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { BUILTIN_PROVIDER, type ModelType, parseModelId } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { tenantDefaults } from "./catalogue-view";
import { findTenantModel } from "./resolve";

const TYPES: Record<keyof SetDefaultModelsInput, ModelType> = {
  llm_id: "chat",
  embd_id: "embedding",
  img2txt_id: "image2text",
  asr_id: "speech2text",
  rerank_id: "rerank",
  tts_id: "tts",
};

// Each default must be a built-in or a model the tenant has set up, of the right type ("" clears it).
export const setDefaultModels = async (ctx: ServiceContext, input: SetDefaultModelsInput) => {
  for (const [key, type] of Object.entries(TYPES) as [keyof SetDefaultModelsInput, ModelType][]) {
    const id = input[key];
    if (!id || parseModelId(id).provider === BUILTIN_PROVIDER) continue;
    const row = await findTenantModel(ctx, ctx.actor.tenantId, id, type);
    if (!row || !row.enabled) throw dataError(`${id} is not a ${type} model you have set up.`);
  }
  await ctx.db
    .update(tenants)
    .set({
      llmId: input.llm_id,
      embdId: input.embd_id,
      img2txtId: input.img2txt_id,
      asrId: input.asr_id,
      rerankId: input.rerank_id,
      ttsId: input.tts_id,
      updateTime: nowMs(),
    })
    .where(eq(tenants.id, ctx.actor.tenantId));
  return tenantDefaults(ctx);
};
