import { and, eq, inArray } from "drizzle-orm";
import type { CreateInstanceInput, ModelInfo, UpdateInstanceInput } from "../../contract/models";
import type { Credentials } from "../../contract/provider-credentials";
import { type ModelInstanceRow, modelInstances, tenantModels } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { maskSecret, sealSecret } from "../../lib/secret-box";
import { nowMs } from "../../lib/time";
import { pythonRepr } from "../../contract/python-errors";
import type { ProviderEntry } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { addableProvider, type ConnectionSettings, checkConnection } from "./connection";
import { connectionOf, modelRows } from "./instance-models";
import { findInstance, teamInstance, teamProvider } from "./lookup";

// What a listing may show of the credentials: which are set, non-secret ones shortened.
const credentialHints = (entry: ProviderEntry, credentials: Credentials) =>
  Object.fromEntries(
    Object.entries(credentials).map(([key, value]) => [
      key,
      entry.credentials?.find((field) => field.key === key)?.secret ? null : maskSecret(value),
    ]),
  );

// The instance's connection, checked (no call is made: testing is POST /providers/{provider}/connection) and sealed.
const sealedConnection = async (ctx: ServiceContext, entry: ProviderEntry, settings: ConnectionSettings) => {
  const { baseUrl, credentials } = checkConnection(ctx, entry, settings);
  const hasCredentials = Object.keys(credentials).length > 0;
  const secret = ctx.config.providerSecret;
  return {
    apiKeySealed: settings.api_key ? await sealSecret(settings.api_key, secret) : null,
    apiKeyHint: settings.api_key ? maskSecret(settings.api_key) : null,
    apiBase: settings.base_url || baseUrl || null,
    credentialsSealed: hasCredentials ? await sealSecret(JSON.stringify(credentials), secret) : null,
    credentialHints: hasCredentials ? credentialHints(entry, credentials) : null,
  };
};

const catalogueModels = (entry: ProviderEntry): ModelInfo[] =>
  Object.entries(entry.models).map(([name, type]) => ({
    model_name: name,
    model_type: [type],
    max_tokens: 8192,
    extra: {},
  }));

const assertInstanceName = (name: string) => {
  // "default" holds the models set up before instances existed
  if (name === "default") throw dataError("Instance name cannot be 'default'");
};

const nameOnly = (input: CreateInstanceInput) =>
  input.model_info === undefined &&
  !input.api_key &&
  !input.base_url &&
  !input.region &&
  Object.keys(input.credentials).length === 0;

// POST /providers/{provider}/instances: an instance with its credentials and models (model_info, or all the
// catalogue's models of the provider); with only instance_name an empty one. Nothing is called: adding works
// offline, and a connection test is its own request.
export const createInstance = async (ctx: ServiceContext, providerIdOrName: string, input: CreateInstanceInput) => {
  const provider = await teamProvider(ctx, providerIdOrName).catch(() => {
    throw dataError(`Provider '${providerIdOrName}' does not exist`);
  });
  assertInstanceName(input.instance_name);
  const entry = addableProvider(provider.name);
  if (await findInstance(ctx, provider.name, input.instance_name))
    throw dataError(`Already exist instance '${input.instance_name}' for provider '${provider.name}'`);
  const now = nowMs();
  const instance: ModelInstanceRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    provider: provider.name,
    name: input.instance_name,
    region: input.region,
    apiKeySealed: null,
    apiKeyHint: null,
    apiBase: null,
    credentialsSealed: null,
    credentialHints: null,
    createTime: now,
    updateTime: now,
  };
  if (nameOnly(input)) {
    await ctx.db.insert(modelInstances).values(instance);
    return true;
  }
  Object.assign(instance, await sealedConnection(ctx, entry, input));
  const rows = await modelRows(ctx, instance, input.model_info ?? catalogueModels(entry));
  await ctx.db.batch([
    ctx.db.insert(modelInstances).values(instance),
    ...rows.map((row) => ctx.db.insert(tenantModels).values(row)),
  ]);
  return true;
};

const instanceView = (instance: ModelInstanceRow, providerId: string) => ({
  id: instance.id,
  instance_name: instance.name,
  provider_id: providerId,
  region: instance.region,
  status: "active",
});

// GET /providers/{provider}/instances, newest first
export const listInstances = async (ctx: ServiceContext, providerIdOrName: string) => {
  const provider = await teamProvider(ctx, providerIdOrName);
  const rows = await ctx.db.query.modelInstances.findMany({
    where: and(eq(modelInstances.tenantId, ctx.actor.tenantId), eq(modelInstances.provider, provider.name)),
  });
  return rows.toSorted((a, b) => b.createTime - a.createTime).map((row) => instanceView(row, provider.id));
};

// GET /providers/{provider}/instances/{instance}: the API key only as its hint (RAGFlow answers the key itself)
export const showInstance = async (ctx: ServiceContext, providerIdOrName: string, instanceIdOrName: string) => {
  const { provider, instance } = await teamInstance(ctx, providerIdOrName, instanceIdOrName);
  return {
    ...instanceView(instance, provider.id),
    base_url: instance.apiBase ?? "",
    api_key: instance.apiKeyHint ?? "",
    credentials_set: Object.entries(instance.credentialHints ?? {}).map(([key, hint]) => ({ key, hint })),
  };
};

// PUT /providers/{provider}/instances/{instance}: new name and credentials (its models take them over);
// model_info, when given, replaces the instance's models.
export const updateInstance = async (
  ctx: ServiceContext,
  providerIdOrName: string,
  instanceIdOrName: string,
  input: UpdateInstanceInput,
) => {
  const { provider, instance } = await teamInstance(ctx, providerIdOrName, instanceIdOrName);
  const entry = addableProvider(provider.name);
  if (input.instance_name !== instance.name) {
    assertInstanceName(input.instance_name);
    if (await findInstance(ctx, provider.name, input.instance_name))
      throw dataError(`Already exist instance '${input.instance_name}' for provider '${provider.name}'`);
  }
  const updated: ModelInstanceRow = {
    ...instance,
    ...(await sealedConnection(ctx, entry, input)),
    name: input.instance_name,
    region: input.region,
    updateTime: nowMs(),
  };
  const ofInstance = and(
    eq(tenantModels.tenantId, ctx.actor.tenantId),
    eq(tenantModels.provider, provider.name),
    eq(tenantModels.instanceName, instance.name),
  );
  const { id: _id, tenantId: _tenant, provider: _provider, createTime: _created, ...changes } = updated;
  const saveInstance = ctx.db.update(modelInstances).set(changes).where(eq(modelInstances.id, instance.id));
  if (input.model_info === undefined) {
    await ctx.db.batch([
      saveInstance,
      ctx.db
        .update(tenantModels)
        .set({ ...connectionOf(updated), instanceName: updated.name, updateTime: updated.updateTime })
        .where(ofInstance),
    ]);
    return true;
  }
  const rows = await modelRows(ctx, updated, input.model_info, instance.name);
  await ctx.db.batch([
    saveInstance,
    ctx.db.delete(tenantModels).where(ofInstance),
    ...rows.map((row) => ctx.db.insert(tenantModels).values(row)),
  ]);
  return true;
};

// DELETE /providers/{provider}/instances {instances: [id or name, …]}: with their models
export const dropInstances = async (ctx: ServiceContext, providerIdOrName: string, names: string[]) => {
  const provider = await teamProvider(ctx, providerIdOrName);
  const found = await Promise.all(names.map((name) => findInstance(ctx, provider.name, name)));
  const missing = names.filter((_, index) => !found[index]);
  if (missing.length > 0) {
    throw dataError(
      `No instance found for provider '${providerIdOrName}' and instance '${missing.length === 1 ? missing[0] : pythonRepr(missing)}'`,
    );
  }
  const instances = found.filter((row): row is ModelInstanceRow => row !== undefined);
  await ctx.db.batch([
    ctx.db.delete(tenantModels).where(
      and(
        eq(tenantModels.tenantId, ctx.actor.tenantId),
        eq(tenantModels.provider, provider.name),
        inArray(
          tenantModels.instanceName,
          instances.map((row) => row.name),
        ),
      ),
    ),
    ctx.db.delete(modelInstances).where(
      inArray(
        modelInstances.id,
        instances.map((row) => row.id),
      ),
    ),
  ]);
  return true;
};
