import { eq } from "drizzle-orm";
import type { DefaultModels, ListedModel } from "../../contract/models";
import { canCallTools } from "../../contract/tool-calling";
import { modelInstances, modelProviders, tenantModels, tenants, type TenantModelRow } from "../../db/schema";
import { BUILTIN_PROVIDER, findProvider, type ModelType } from "../../platform/providers/catalogue";
import type { Deps, ServiceContext } from "../context";
import { catalogueRank, composeModelId } from "./lookup";

export const BUILTIN_DEFAULTS: DefaultModels = {
  llm_id: "builtin-extractive@Builtin",
  embd_id: "builtin-hash@Builtin",
  img2txt_id: "",
  asr_id: "",
  rerank_id: "",
  tts_id: "",
};

// What the adapters know: a chat model whose adapter speaks function calling (worker/contract/tool-calling.ts).
const isToolModel = (modelId: string, type: string) => type === "chat" && canCallTools(modelId);

const toListed = (
  row: TenantModelRow,
  providerIds: Map<string, string>,
  instanceIds: Map<string, string>,
): ListedModel => {
  const modelId = composeModelId(row.modelName, row.instanceName, row.provider);
  return {
    model_id: modelId,
    id: row.id,
    tenant_id: row.tenantId,
    name: row.modelName,
    model_type: [row.modelType as ModelType],
    provider_id: providerIds.get(row.provider) ?? "",
    provider_name: row.provider,
    model_provider: row.provider,
    instance_id: instanceIds.get(`${row.provider}\u0000${row.instanceName}`) ?? "",
    instance_name: row.instanceName,
    model_instance: row.instanceName,
    status: row.enabled ? "active" : "inactive",
    api_base: row.apiBase,
    api_key_hint: row.apiKeyHint,
    max_tokens: row.maxTokens,
    vision: row.vision,
    is_tools: isToolModel(modelId, row.modelType),
    used_tokens: row.usedTokens,
    builtin: false,
    credentials_set: Object.entries(row.credentialHints ?? {}).map(([key, hint]) => ({ key, hint })),
  };
};

const builtinModels = (tenantId: string): ListedModel[] =>
  Object.entries(findProvider(BUILTIN_PROVIDER)?.models ?? {}).map(([name, type]) => ({
    model_id: `${name}@${BUILTIN_PROVIDER}`,
    id: `${name}@${BUILTIN_PROVIDER}`,
    tenant_id: tenantId,
    name,
    model_type: [type],
    provider_id: "",
    provider_name: BUILTIN_PROVIDER,
    model_provider: BUILTIN_PROVIDER,
    instance_id: "",
    instance_name: "default",
    model_instance: "default",
    status: "active",
    api_base: null,
    api_key_hint: null,
    max_tokens: 8192,
    vision: false,
    is_tools: isToolModel(`${name}@${BUILTIN_PROVIDER}`, type),
    used_tokens: 0,
    builtin: true,
    credentials_set: [],
  }));

export const tenantDefaults = (ctx: ServiceContext) => tenantDefaultsFor(ctx, ctx.actor.tenantId);

export const tenantDefaultsFor = async (deps: Deps, tenantId: string): Promise<DefaultModels> => {
  const tenant = await deps.db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
  return {
    llm_id: tenant?.llmId || BUILTIN_DEFAULTS.llm_id,
    embd_id: tenant?.embdId || BUILTIN_DEFAULTS.embd_id,
    img2txt_id: tenant?.img2txtId ?? "",
    asr_id: tenant?.asrId ?? "",
    rerank_id: tenant?.rerankId ?? "",
    tts_id: tenant?.ttsId ?? "",
  };
};

// GET /models: every model the team can use, built-ins first, then by provider, instance and name; `type`
// keeps one type.
export const listModels = async (ctx: ServiceContext, type?: ModelType) => {
  const tenantId = ctx.actor.tenantId;
  const [rows, providers, instances] = await Promise.all([
    ctx.db.query.tenantModels.findMany({ where: eq(tenantModels.tenantId, tenantId) }),
    ctx.db.query.modelProviders.findMany({ where: eq(modelProviders.tenantId, tenantId) }),
    ctx.db.query.modelInstances.findMany({ where: eq(modelInstances.tenantId, tenantId) }),
  ]);
  const providerIds = new Map(providers.map((row) => [row.name, row.id]));
  const instanceIds = new Map(instances.map((row) => [`${row.provider}\u0000${row.name}`, row.id]));
  const configured = rows
    .map((row) => toListed(row, providerIds, instanceIds))
    .toSorted(
      (a, b) =>
        catalogueRank(a.provider_name) - catalogueRank(b.provider_name) ||
        a.instance_name.localeCompare(b.instance_name) ||
        a.name.localeCompare(b.name),
    );
  const all = [...builtinModels(tenantId), ...configured];
  return type ? all.filter((model) => model.model_type.includes(type)) : all;
};

// GET /users/me/models: the team and its default models (RAGFlow's tenant info)
export const tenantModelInfo = async (ctx: ServiceContext) => {
  const tenant = await ctx.db.query.tenants.findFirst({ where: eq(tenants.id, ctx.actor.tenantId) });
  return {
    tenant_id: ctx.actor.tenantId,
    name: tenant?.name ?? "",
    role: ctx.actor.role,
    ...(await tenantDefaults(ctx)),
  };
};
