import { and, eq } from "drizzle-orm";
import type { AddModelInput } from "../../contract/models";
import { type Credentials, credentialProblem } from "../../contract/provider-credentials";
import { tenantModels } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { maskSecret, sealSecret } from "../../lib/secret-box";
import { nowMs } from "../../lib/time";
import {
  BUILTIN_PROVIDER,
  findProvider,
  knowsModel,
  type ModelType,
  type ProviderEntry,
} from "../../platform/providers/catalogue";
import { type ModelOf, modelAdapter } from "../../platform/providers/adapters";
import { defaultBaseOf, needsApiKey, withDefaults } from "../../platform/providers/credentials";
import { providerEndpoint } from "../../platform/providers/provider-endpoints";
import { ProviderError } from "../../platform/providers/types";
import type { Deps, ServiceContext } from "../context";
import { PROBES } from "./probes";
import { assertProviderUrl, hidesReplies } from "./provider-url";

const checkEntry = (deps: Deps, input: AddModelInput) => {
  const entry = findProvider(input.llm_factory);
  if (!entry || entry.name === BUILTIN_PROVIDER) throw dataError(`Unknown provider: ${input.llm_factory}`);
  if (!knowsModel(entry, input.llm_name, input.model_type)) {
    throw dataError(`${input.llm_factory} does not offer ${input.model_type} model ${input.llm_name}.`);
  }
  // checked by the API contract too; again here for callers that bypass it
  const problem = credentialProblem(entry.name, input.credentials, input.api_key);
  if (problem) throw dataError(problem);
  if (needsApiKey(entry) && !input.api_key) throw dataError("API key is required for this provider.");
  const credentials = withDefaults(entry, input.credentials);
  const baseUrl = input.api_base || defaultBaseOf(entry, credentials);
  // Workers AI is reached through the AI binding, not a URL
  if (!baseUrl && entry.wire !== "workers-ai") throw dataError("Base URL is required for this provider.");
  if (baseUrl) assertProviderUrl(deps, entry, baseUrl, credentials);
  return { entry, baseUrl, credentials };
};

// What the listing may show: which credentials are set, non-secret ones shortened.
const credentialHints = (entry: ProviderEntry, credentials: Credentials) =>
  Object.fromEntries(
    Object.entries(credentials).map(([key, value]) => [
      key,
      entry.credentials?.find((field) => field.key === key)?.secret ? null : maskSecret(value),
    ]),
  );

const runProbe = <T extends ModelType>(type: T, model: ModelOf[T]) =>
  (PROBES[type] as (model: ModelOf[T]) => Promise<string>)(model);

// probes whose detail quotes the text that came back (the others report sizes and scores)
const QUOTING_PROBES: ModelType[] = ["chat", "image2text", "speech2text"];
const HIDDEN_REPLY = "the server answered (replies from private addresses are not shown)";

// "Test connection": one tiny real call with the given settings; the provider's own words on failure, or only
// the HTTP status for a server in a private network.
export const testModel = async (deps: Deps, input: AddModelInput) => {
  const { entry, baseUrl, credentials } = checkEntry(deps, input);
  const hideReplies = hidesReplies(deps, baseUrl);
  const endpoint = providerEndpoint(entry.name, {
    baseUrl,
    apiKey: input.api_key || undefined,
    model: input.llm_name,
    credentials,
    timeoutMs: 20_000,
    hideReplies,
  });
  const model = modelAdapter(entry.wire, input.model_type, {
    id: `${input.llm_name}@${input.llm_factory}`,
    endpoint,
    ai: deps.ai,
  });
  if (!model) throw dataError(`${input.llm_factory} does not offer ${input.model_type} models.`);
  try {
    const detail = await runProbe(input.model_type, model);
    return { ok: true, detail: hideReplies && QUOTING_PROBES.includes(input.model_type) ? HIDDEN_REPLY : detail };
  } catch (error) {
    if (error instanceof ProviderError) throw dataError(`Connection test failed: ${error.message}`);
    // an answer that is not the provider's format (an HTML page): the parser's message quotes it
    if (hideReplies && !(error instanceof Error && error.name === "AbortError"))
      throw dataError(`Connection test failed: the server's answer is not what ${entry.name} sends (not shown).`);
    throw error;
  }
};

export const addModel = async (ctx: ServiceContext, input: AddModelInput) => {
  const { entry, baseUrl, credentials } = checkEntry(ctx, input);
  if (input.verify) await testModel(ctx, input);
  const now = nowMs();
  const hasCredentials = Object.keys(credentials).length > 0;
  const values = {
    apiKeySealed: input.api_key ? await sealSecret(input.api_key, ctx.config.providerSecret) : null,
    apiKeyHint: input.api_key ? maskSecret(input.api_key) : null,
    credentialsSealed: hasCredentials ? await sealSecret(JSON.stringify(credentials), ctx.config.providerSecret) : null,
    credentialHints: hasCredentials ? credentialHints(entry, credentials) : null,
    apiBase: input.api_base || baseUrl || null,
    maxTokens: input.max_tokens,
    vision: input.vision,
    enabled: true,
    updateTime: now,
  };
  await ctx.db
    .insert(tenantModels)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      provider: input.llm_factory,
      modelName: input.llm_name,
      modelType: input.model_type,
      createTime: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [tenantModels.tenantId, tenantModels.provider, tenantModels.modelName, tenantModels.modelType],
      set: values,
    });
  return ctx.db.query.tenantModels.findFirst({
    where: and(
      eq(tenantModels.tenantId, ctx.actor.tenantId),
      eq(tenantModels.provider, input.llm_factory),
      eq(tenantModels.modelName, input.llm_name),
      eq(tenantModels.modelType, input.model_type),
    ),
  });
};

export const removeModel = async (ctx: ServiceContext, id: string) => {
  const [row] = await ctx.db
    .delete(tenantModels)
    .where(and(eq(tenantModels.id, id), eq(tenantModels.tenantId, ctx.actor.tenantId)))
    .returning({ id: tenantModels.id });
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
