import { and, eq, inArray } from "drizzle-orm";
import type { AlterModelInput, ModelInfo } from "../../contract/models";
import { type ModelInstanceRow, tenantModels } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { pythonRepr } from "../../contract/python-errors";
import { findProvider, knowsModel } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { teamInstance } from "./lookup";

// What a model row copies from its instance: the sealed credentials, so resolving a model reads one row.
export const connectionOf = (instance: ModelInstanceRow) => ({
  apiKeySealed: instance.apiKeySealed,
  apiKeyHint: instance.apiKeyHint,
  apiBase: instance.apiBase,
  credentialsSealed: instance.credentialsSealed,
  credentialHints: instance.credentialHints,
});

// The rows for models to add to an instance (one per model and type). A model name lives in one instance of a
// provider only: ids like "glm-4-flash@ZHIPU-AI" must name one model. `replacing`: the instance (by its stored
// name) whose models these replace, so they are no clash.
export const modelRows = async (
  ctx: ServiceContext,
  instance: ModelInstanceRow,
  models: ModelInfo[],
  replacing?: string,
) => {
  const entry = findProvider(instance.provider);
  const names = models.map((model) => model.model_name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw dataError(`Model '${twice}' is listed twice in model_info`);
  const taken = names.length
    ? await ctx.db.query.tenantModels.findMany({
        columns: { modelName: true, instanceName: true },
        where: and(
          eq(tenantModels.tenantId, ctx.actor.tenantId),
          eq(tenantModels.provider, instance.provider),
          inArray(tenantModels.modelName, names),
        ),
      })
    : [];
  const now = nowMs();
  return models.flatMap((model) => {
    const clash = taken.find((row) => row.modelName === model.model_name && row.instanceName !== replacing);
    if (clash) {
      throw dataError(
        `Model '${model.model_name}' already exists for provider '${instance.provider}' and instance '${clash.instanceName}'`,
      );
    }
    return model.model_type.map((type) => {
      if (!entry || !knowsModel(entry, model.model_name, type))
        throw dataError(`${instance.provider} does not offer ${type} model ${model.model_name}.`);
      return {
        id: newId(),
        tenantId: ctx.actor.tenantId,
        provider: instance.provider,
        instanceName: instance.name,
        modelName: model.model_name,
        modelType: type,
        maxTokens: model.max_tokens,
        vision: model.extra.vision ?? false,
        enabled: true,
        createTime: now,
        updateTime: now,
        ...connectionOf(instance),
      };
    });
  });
};

const instanceRows = (ctx: ServiceContext, instance: ModelInstanceRow) =>
  and(
    eq(tenantModels.tenantId, ctx.actor.tenantId),
    eq(tenantModels.provider, instance.provider),
    eq(tenantModels.instanceName, instance.name),
  );

// GET /providers/{provider}/instances/{instance}/models: one entry per model name; ?supported=true lists the
// models the catalogue offers instead.
export const listInstanceModels = async (
  ctx: ServiceContext,
  providerIdOrName: string,
  instanceIdOrName: string,
  supported: boolean,
) => {
  const { instance } = await teamInstance(ctx, providerIdOrName, instanceIdOrName);
  if (supported) return Object.keys(findProvider(instance.provider)?.models ?? {}).map((name) => ({ name, rank: 500 }));
  const rows = await ctx.db.query.tenantModels.findMany({ where: instanceRows(ctx, instance) });
  const names = [...new Set(rows.map((row) => row.modelName))].toSorted();
  return names.map((name) => {
    const same = rows.filter((row) => row.modelName === name);
    const [first] = same;
    return {
      name,
      model_type: same.map((row) => row.modelType),
      max_tokens: first?.maxTokens ?? 8192,
      status: same.some((row) => row.enabled) ? "active" : "inactive",
      features: [],
      extra: { vision: first?.vision ?? false },
      used_tokens: same.reduce((sum, row) => sum + row.usedTokens, 0),
    };
  });
};

// POST /providers/{provider}/instances/{instance}/models
export const addInstanceModel = async (
  ctx: ServiceContext,
  providerIdOrName: string,
  instanceIdOrName: string,
  model: ModelInfo,
) => {
  const { instance } = await teamInstance(ctx, providerIdOrName, instanceIdOrName);
  await ctx.db.insert(tenantModels).values(await modelRows(ctx, instance, [model]));
  return true;
};

const rowsNamed = async (ctx: ServiceContext, instance: ModelInstanceRow, names: string[]) => {
  const rows = await ctx.db.query.tenantModels.findMany({
    columns: { id: true, modelName: true },
    where: and(instanceRows(ctx, instance), inArray(tenantModels.modelName, names)),
  });
  const missing = names.filter((name) => !rows.some((row) => row.modelName === name));
  return { rows, missing };
};

// DELETE /providers/{provider}/instances/{instance}/models
export const deleteInstanceModels = async (
  ctx: ServiceContext,
  providerIdOrName: string,
  instanceIdOrName: string,
  names: string[],
) => {
  const { instance } = await teamInstance(ctx, providerIdOrName, instanceIdOrName);
  const { rows, missing } = await rowsNamed(ctx, instance, names);
  if (missing.length > 0) {
    throw dataError(
      `Models ${pythonRepr(missing)} not found for provider '${providerIdOrName}' and instance '${instanceIdOrName}'`,
    );
  }
  await ctx.db.delete(tenantModels).where(
    inArray(
      tenantModels.id,
      rows.map((row) => row.id),
    ),
  );
  return true;
};

// PATCH /providers/{provider}/instances/{instance}/models/{model}: status, max_tokens, extra.vision. An inactive
// model stays set up but cannot be used (datasets and defaults naming it report that).
export const alterModel = async (
  ctx: ServiceContext,
  providerIdOrName: string,
  instanceIdOrName: string,
  name: string,
  input: AlterModelInput,
) => {
  const { instance } = await teamInstance(ctx, providerIdOrName, instanceIdOrName);
  const { rows } = await rowsNamed(ctx, instance, [name]);
  if (rows.length === 0)
    throw dataError(`Model '${name}' not found for provider '${providerIdOrName}' and instance '${instanceIdOrName}'`);
  await ctx.db
    .update(tenantModels)
    .set({
      ...(input.status === undefined ? {} : { enabled: input.status === "active" }),
      ...(input.max_tokens === undefined ? {} : { maxTokens: input.max_tokens }),
      ...(input.extra?.vision === undefined ? {} : { vision: input.extra.vision }),
      updateTime: nowMs(),
    })
    .where(
      inArray(
        tenantModels.id,
        rows.map((row) => row.id),
      ),
    );
  return true;
};
