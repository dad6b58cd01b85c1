import { eq } from "drizzle-orm";
import type { ConfiguredModel, DefaultModels, ProviderView } from "../../contract/models";
import { tenantModels, tenants, type TenantModelRow } from "../../db/schema";
import { BUILTIN_PROVIDER, findProvider, type ModelType, PROVIDERS } from "../../platform/providers/catalogue";
import type { Deps, ServiceContext } from "../context";

export const BUILTIN_DEFAULTS: DefaultModels = {
  llm_id: "builtin-extractive@Builtin",
  embd_id: "builtin-hash@Builtin",
  img2txt_id: "",
  asr_id: "",
  rerank_id: "",
  tts_id: "",
};

const toConfigured = (row: TenantModelRow): ConfiguredModel => ({
  id: row.id,
  model_id: `${row.modelName}@${row.provider}`,
  llm_name: row.modelName,
  model_type: row.modelType as ModelType,
  api_base: row.apiBase,
  api_key_hint: row.apiKeyHint,
  max_tokens: row.maxTokens,
  vision: row.vision,
  enabled: row.enabled,
  used_tokens: row.usedTokens,
  builtin: false,
  credentials_set: Object.entries(row.credentialHints ?? {}).map(([key, hint]) => ({ key, hint })),
});

const builtinModels = (): ConfiguredModel[] =>
  Object.entries(findProvider(BUILTIN_PROVIDER)?.models ?? {}).map(([name, type]) => ({
    id: `${name}@${BUILTIN_PROVIDER}`,
    model_id: `${name}@${BUILTIN_PROVIDER}`,
    llm_name: name,
    model_type: type,
    api_base: null,
    api_key_hint: null,
    max_tokens: 8192,
    vision: false,
    enabled: true,
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

// The model settings page: what is set up (built-ins first), what can be added, and the defaults.
export const listModels = async (ctx: ServiceContext) => {
  const rows = await ctx.db.query.tenantModels.findMany({ where: eq(tenantModels.tenantId, ctx.actor.tenantId) });
  const configured: ProviderView[] = [
    { name: BUILTIN_PROVIDER, local: true, types: ["chat", "embedding", "rerank"], models: builtinModels() },
    ...[...new Set(rows.map((row) => row.provider))].map((name) => ({
      name,
      local: findProvider(name)?.local ?? false,
      types: findProvider(name)?.types ?? [],
      models: rows.filter((row) => row.provider === name).map(toConfigured),
    })),
  ];
  const available = PROVIDERS.filter((entry) => entry.name !== BUILTIN_PROVIDER).map((entry) => ({
    name: entry.name,
    local: entry.local ?? false,
    any_model: entry.anyModel ?? false,
    binding: entry.wire === "workers-ai",
    // no API key field at all: the credentials authenticate
    keyless: entry.keyless ?? false,
    default_base: entry.defaultBase ?? "",
    // a default base URL that depends on credentials, e.g. "https://bedrock-runtime.{aws_region}.amazonaws.com/openai/v1"
    base_template: entry.baseTemplate ?? "",
    types: entry.types,
    models: Object.entries(entry.models).map(([name, type]) => ({ name, type })),
    credentials: (entry.credentials ?? []).map((field) => ({
      key: field.key,
      secret: field.secret ?? false,
      required: field.required ?? false,
      or_api_key: field.orApiKey ?? false,
      json: field.json ?? false,
      default: field.default ?? "",
      pattern: field.pattern ?? "",
      example: field.example ?? "",
    })),
  }));
  return { providers: configured, available, defaults: await tenantDefaults(ctx) };
};
