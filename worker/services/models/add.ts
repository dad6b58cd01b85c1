import { and, eq } from "drizzle-orm";
import type { AddModelInput } from "../../contract/models";
import { tenantModels } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { maskSecret, sealSecret } from "../../lib/secret-box";
import { nowMs } from "../../lib/time";
import { BUILTIN_PROVIDER, findProvider, knowsModel } from "../../platform/providers/catalogue";
import { chatAdapter, embeddingAdapter } from "../../platform/providers/adapters";
import { ProviderError } from "../../platform/providers/types";
import type { ServiceContext } from "../context";

const checkEntry = (input: AddModelInput) => {
  const entry = findProvider(input.llm_factory);
  if (!entry || entry.name === BUILTIN_PROVIDER) throw dataError(`Unknown provider: ${input.llm_factory}`);
  if (!knowsModel(entry, input.llm_name, input.model_type)) {
    throw dataError(`${input.llm_factory} does not offer ${input.model_type} model ${input.llm_name}.`);
  }
  if (!entry.local && !input.api_key) throw dataError("API key is required for this provider.");
  const baseUrl = input.api_base || entry.defaultBase;
  if (!baseUrl) throw dataError("Base URL is required for this provider.");
  return { entry, baseUrl };
};

// "Test connection": one tiny real call with the given settings; the provider's own words on failure.
export const testModel = async (input: AddModelInput) => {
  const { entry, baseUrl } = checkEntry(input);
  const endpoint = { baseUrl, apiKey: input.api_key || undefined, model: input.llm_name, timeoutMs: 20_000 };
  const id = `${input.llm_name}@${input.llm_factory}`;
  try {
    if (input.model_type === "embedding") {
      const model = embeddingAdapter(entry.wire, id, endpoint);
      if (!model) return { ok: true, detail: "saved without a test: calls to this provider are not supported yet" };
      const [vector] = await model.embed(["Buddy connection test"]);
      if (!vector?.length) throw new ProviderError(0, "The provider returned no embedding.");
      return { ok: true, detail: `${vector.length} dimensions` };
    }
    if (input.model_type === "chat" || input.model_type === "image2text") {
      const model = chatAdapter(entry.wire, id, endpoint);
      if (!model) return { ok: true, detail: "saved without a test: calls to this provider are not supported yet" };
      const { text } = await model.complete([{ role: "user", content: "Reply with OK." }], { max_tokens: 5, temperature: 0 });
      return { ok: true, detail: text.slice(0, 80) };
    }
    return { ok: true, detail: "not tested for this model type" };
  } catch (error) {
    if (error instanceof ProviderError) throw dataError(`Connection test failed: ${error.message}`);
    throw error;
  }
};

export const addModel = async (ctx: ServiceContext, input: AddModelInput) => {
  const { baseUrl } = checkEntry(input);
  if (input.verify) await testModel(input);
  const now = nowMs();
  const values = {
    apiKeySealed: input.api_key ? await sealSecret(input.api_key, ctx.config.providerSecret) : null,
    apiKeyHint: input.api_key ? maskSecret(input.api_key) : null,
    apiBase: input.api_base || baseUrl,
    maxTokens: input.max_tokens,
    vision: input.vision,
    enabled: true,
    updateTime: now,
  };
  await ctx.db
    .insert(tenantModels)
    .values({ id: newId(), tenantId: ctx.actor.tenantId, provider: input.llm_factory, modelName: input.llm_name, modelType: input.model_type, createTime: now, ...values })
    .onConflictDoUpdate({ target: [tenantModels.tenantId, tenantModels.provider, tenantModels.modelName, tenantModels.modelType], set: values });
  return ctx.db.query.tenantModels.findFirst({
    where: and(eq(tenantModels.tenantId, ctx.actor.tenantId), eq(tenantModels.provider, input.llm_factory), eq(tenantModels.modelName, input.llm_name), eq(tenantModels.modelType, input.model_type)),
  });
};

export const removeModel = async (ctx: ServiceContext, id: string) => {
  const [row] = await ctx.db.delete(tenantModels).where(and(eq(tenantModels.id, id), eq(tenantModels.tenantId, ctx.actor.tenantId))).returning({ id: tenantModels.id });
  if (!row) throw dataError(`Model ${id} not found.`);
  return true;
};

// A disabled model stays set up but cannot be resolved (datasets and defaults using it report that).
export const setModelEnabled = async (ctx: ServiceContext, id: string, enabled: boolean) => {
  const [row] = await ctx.db
    .update(tenantModels)
    .set({ enabled, updateTime: nowMs() })
    .where(and(eq(tenantModels.id, id), eq(tenantModels.tenantId, ctx.actor.tenantId)))
    .returning({ id: tenantModels.id });
  if (!row) throw dataError(`Model ${id} not found.`);
  return true;
};
