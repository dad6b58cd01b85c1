import { and, eq } from "drizzle-orm";
import { modelInstances, modelProviders, tenantModels } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { BUILTIN_PROVIDER, findProvider, type ProviderEntry, PROVIDERS } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { addableProvider } from "./connection";
import { catalogueRank, findTeamProvider } from "./lookup";

const catalogueModels = (entry: ProviderEntry) =>
  Object.entries(entry.models).map(([name, type]) => ({ name, max_tokens: 8192, model_types: [type], features: [] }));

// A provider as RAGFlow v0.27 lists it, with what Buddy's add dialog needs besides.
const providerView = (entry: ProviderEntry) => ({
  name: entry.name,
  model_types: entry.types,
  url: { default: entry.defaultBase ?? "" },
  local: entry.local ?? false,
  any_model: entry.anyModel ?? false,
  // reached through the AI binding (Workers AI): no key, no URL
  binding: entry.wire === "workers-ai",
  // no API key field at all: the credentials authenticate
  keyless: entry.keyless ?? false,
  // a default base URL that depends on credentials, e.g. "https://bedrock-runtime.{aws_region}.amazonaws.com/openai/v1"
  base_template: entry.baseTemplate ?? "",
  models: catalogueModels(entry).map((model) => ({ name: model.name, type: model.model_types[0] })),
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
});

// GET /providers: the team's providers (has_instance says whether any has credentials yet), or with
// ?available=true every provider that can be added.
export const listProviders = async (ctx: ServiceContext, available: boolean) => {
  if (available) return PROVIDERS.filter((entry) => entry.name !== BUILTIN_PROVIDER).map(providerView);
  const [providers, instances] = await Promise.all([
    ctx.db.query.modelProviders.findMany({ where: eq(modelProviders.tenantId, ctx.actor.tenantId) }),
    ctx.db.query.modelInstances.findMany({
      columns: { provider: true },
      where: eq(modelInstances.tenantId, ctx.actor.tenantId),
    }),
  ]);
  return providers
    .flatMap((row) => {
      const entry = findProvider(row.name);
      return entry
        ? [{ id: row.id, has_instance: instances.some((i) => i.provider === row.name), ...providerView(entry) }]
        : [];
    })
    .toSorted((a, b) => catalogueRank(a.name) - catalogueRank(b.name));
};

// PUT /providers
export const addProvider = async (ctx: ServiceContext, name: string) => {
  const entry = addableProvider(name);
  const now = nowMs();
  const [row] = await ctx.db
    .insert(modelProviders)
    .values({ id: newId(), tenantId: ctx.actor.tenantId, name: entry.name, createTime: now, updateTime: now })
    .onConflictDoNothing()
    .returning({ id: modelProviders.id });
  if (!row) throw dataError(`Provider ${name} already exists`);
  return true;
};

// DELETE /providers/{provider}: with its instances and their models
export const deleteProvider = async (ctx: ServiceContext, idOrName: string) => {
  const found = await findTeamProvider(ctx, idOrName);
  if (!found) throw dataError(`Provider ${idOrName} not found`);
  const tenant = ctx.actor.tenantId;
  await ctx.db.batch([
    ctx.db.delete(tenantModels).where(and(eq(tenantModels.tenantId, tenant), eq(tenantModels.provider, found.name))),
    ctx.db
      .delete(modelInstances)
      .where(and(eq(modelInstances.tenantId, tenant), eq(modelInstances.provider, found.name))),
    ctx.db.delete(modelProviders).where(eq(modelProviders.id, found.id)),
  ]);
  return true;
};

const catalogueEntry = (name: string) => {
  const entry = findProvider(name);
  if (!entry || entry.name === BUILTIN_PROVIDER) throw dataError(`Provider '${name}' not found`);
  return entry;
};

// GET /providers/{provider}: the catalogue's view of a provider
export const showProvider = (name: string) => {
  const entry = catalogueEntry(name);
  return {
    base_url: { default: entry.defaultBase ?? "" },
    name: entry.name,
    total_models: catalogueModels(entry).length,
  };
};

// GET /providers/{provider}/models: the models the catalogue knows (providers that serve any model list none)
export const listProviderModels = (name: string) => catalogueModels(catalogueEntry(name));

// GET /providers/{provider}/models/{model}
export const showProviderModel = (providerName: string, modelName: string) => {
  const model = catalogueModels(catalogueEntry(providerName)).find((m) => m.name === modelName);
  if (!model) throw dataError(`Model '${modelName}' not found`);
  return {
    ...model,
    thinking: null,
    model_type_map: Object.fromEntries(model.model_types.map((type) => [type, true])),
  };
};
