import { eq } from "drizzle-orm";
import type { SetDefaultModelInput } from "../../contract/models";
import { tenants } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { RAGFLOW_DEFAULT_EMBEDDING_IDS } from "../../platform/providers/builtin-hash";
import { BUILTIN_PROVIDER, findProvider, type ModelType, parseModelId } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { tenantDefaults } from "./catalogue-view";
import { composeModelId, findInstance, findTeamProvider } from "./lookup";
import { findTenantModel } from "./resolve";

const COLUMNS = {
  chat: "llmId",
  embedding: "embdId",
  image2text: "img2txtId",
  speech2text: "asrId",
  rerank: "rerankId",
  tts: "ttsId",
} as const satisfies Record<ModelType, string>;

// model_id "name@instance@provider", or "name@provider" (instance "")
const splitModelId = (id: string) => {
  const { model, provider } = parseModelId(id);
  return { name: model, instance: id.slice(model.length + 1, id.length - provider.length - 1), provider };
};

const builtinId = (name: string, type: ModelType) => {
  const id = `${name}@${BUILTIN_PROVIDER}`;
  const builtin = findProvider(BUILTIN_PROVIDER)?.models[name] === type;
  return builtin || (type === "embedding" && RAGFLOW_DEFAULT_EMBEDDING_IDS.includes(id)) ? id : null;
};

// The id to store for a model the team may use as a default of this type, in RAGFlow v0.27's words when not.
const checkedModelId = async (
  ctx: ServiceContext,
  type: ModelType,
  provider: string,
  instance: string,
  name: string,
) => {
  if (provider === BUILTIN_PROVIDER) {
    const id = builtinId(name, type);
    if (!id) throw dataError(`Model '${name}' isn't a ${type} model`);
    return id;
  }
  if (!(await findTeamProvider(ctx, provider))) throw dataError(`Provider '${provider}' not found`);
  if (!(await findInstance(ctx, provider, instance)))
    throw dataError(`Instance '${instance}' not found for provider '${provider}'`);
  const id = composeModelId(name, instance, provider);
  const row = await findTenantModel(ctx, ctx.actor.tenantId, id, type);
  if (!row || row.instanceName !== instance) {
    const other = await ctx.db.query.tenantModels.findFirst({
      columns: { id: true },
      where: (m, { and }) =>
        and(
          eq(m.tenantId, ctx.actor.tenantId),
          eq(m.provider, provider),
          eq(m.instanceName, instance),
          eq(m.modelName, name),
        ),
    });
    throw dataError(
      other
        ? `Model '${name}' isn't a ${type} model`
        : `Model '${name}' not found for provider '${provider}' and instance '${instance}'`,
    );
  }
  if (!row.enabled) throw dataError(`Model '${name}' isn't available`);
  return id;
};

// PATCH /models/default: sets one type's default (by model_id, or by provider, instance and name), or clears it
// when neither is given.
export const setDefaultModel = async (ctx: ServiceContext, input: SetDefaultModelInput) => {
  const type = input.model_type;
  let id = "";
  if (input.model_id) {
    const parts = splitModelId(input.model_id);
    // "name@provider" names the provider's one model of that name, whichever instance holds it
    const holder = parts.instance ? null : await findTenantModel(ctx, ctx.actor.tenantId, input.model_id, type);
    const instance = parts.instance || holder?.instanceName || "default";
    id = await checkedModelId(ctx, type, parts.provider, instance, parts.name);
  } else if (input.model_provider && input.model_instance && input.model_name) {
    id = await checkedModelId(ctx, type, input.model_provider, input.model_instance, input.model_name);
  } else if (input.model_provider || input.model_instance || input.model_name) {
    throw dataError("model_provider, model_instance and model_name are required together (or model_id)");
  }
  await ctx.db
    .update(tenants)
    .set({ [COLUMNS[type]]: id, updateTime: nowMs() })
    .where(eq(tenants.id, ctx.actor.tenantId));
  return tenantDefaults(ctx);
};

// GET /models/default: each default as RAGFlow v0.27 lists it
export const listDefaultModels = async (ctx: ServiceContext) => {
  const defaults = await tenantDefaults(ctx);
  const ids: [ModelType, string][] = [
    ["chat", defaults.llm_id],
    ["embedding", defaults.embd_id],
    ["image2text", defaults.img2txt_id],
    ["speech2text", defaults.asr_id],
    ["rerank", defaults.rerank_id],
    ["tts", defaults.tts_id],
  ];
  return {
    models: ids
      .filter(([, id]) => id)
      .map(([type, id]) => {
        const parts = splitModelId(id);
        return {
          model_id: id,
          model_provider: parts.provider,
          model_instance: parts.instance || "default",
          model_name: parts.name,
          model_type: type,
          enable: true,
        };
      }),
  };
};
