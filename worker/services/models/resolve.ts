import { and, eq } from "drizzle-orm";
import { BUILTIN_CHAT_ID } from "../../contract/chats";
import type { Credentials } from "../../contract/provider-credentials";
import { tenantModels } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { openSecret } from "../../lib/secret-box";
import { type ModelOf, modelAdapter } from "../../platform/providers/adapters";
import { builtinHashEmbedding, RAGFLOW_DEFAULT_EMBEDDING_IDS } from "../../platform/providers/builtin-hash";
import { findProvider, type ModelType, parseModelId } from "../../platform/providers/catalogue";
import { defaultBaseOf } from "../../platform/providers/credentials";
import { providerEndpoint } from "../../platform/providers/provider-endpoints";
import { builtinLexicalRerank } from "../../platform/providers/rerank";
import type { Endpoint } from "../../platform/providers/types";
import type { Deps } from "../context";
import { assertProviderUrl, hidesReplies } from "./provider-url";

export const findTenantModel = async (deps: Deps, tenantId: string, id: string, type: ModelType) => {
  const { model, provider } = parseModelId(id);
  return deps.db.query.tenantModels.findFirst({
    where: and(
      eq(tenantModels.tenantId, tenantId),
      eq(tenantModels.provider, provider),
      eq(tenantModels.modelName, model),
      eq(tenantModels.modelType, type),
    ),
  });
};

type StoredModel = {
  apiBase: string | null;
  apiKeySealed: string | null;
  credentialsSealed: string | null;
  modelName: string;
  provider: string;
};

export const endpointOf = async (deps: Deps, row: StoredModel): Promise<Endpoint> => {
  const credentials: Credentials = row.credentialsSealed
    ? JSON.parse(await openSecret(row.credentialsSealed, deps.config.providerSecret))
    : {};
  const entry = findProvider(row.provider);
  const baseUrl = row.apiBase || (entry ? defaultBaseOf(entry, credentials) : "");
  if (entry && baseUrl) assertProviderUrl(deps, entry, baseUrl, credentials);
  return providerEndpoint(row.provider, {
    baseUrl,
    apiKey: row.apiKeySealed ? await openSecret(row.apiKeySealed, deps.config.providerSecret) : undefined,
    model: row.modelName,
    credentials,
    hideReplies: hidesReplies(deps, baseUrl),
  });
};

const LABELS: Record<ModelType, string> = {
  chat: "Chat",
  embedding: "Embedding",
  rerank: "Rerank",
  image2text: "Image-to-text",
  speech2text: "Speech-to-text",
  tts: "Text-to-speech",
};

const BUILTINS: { [T in ModelType]?: ModelOf[T] } = { embedding: builtinHashEmbedding, rerank: builtinLexicalRerank };

// A tenant's model of one type by id: a built-in one, or one configured (and enabled) with a provider.
export const resolveModel = async <T extends ModelType>(
  deps: Deps,
  tenantId: string,
  id: string,
  type: T,
): Promise<ModelOf[T]> => {
  const builtin = BUILTINS[type] as ModelOf[T] | undefined;
  if (builtin && builtin.id === id) return builtin;
  if (type === "embedding" && RAGFLOW_DEFAULT_EMBEDDING_IDS.includes(id))
    return { ...builtinHashEmbedding, id } as ModelOf[T];
  const row = await findTenantModel(deps, tenantId, id, type);
  if (!row || !row.enabled) throw dataError(`${LABELS[type]} model ${id} is not set up. Add it in the model settings.`);
  const model = modelAdapter(findProvider(row.provider)?.wire, type, {
    id,
    endpoint: await endpointOf(deps, row),
    ai: deps.ai,
  });
  if (!model) throw dataError(`${row.provider} does not offer ${LABELS[type].toLowerCase()} models.`);
  return model;
};

export const resolveEmbedding = (deps: Deps, tenantId: string, id: string) =>
  resolveModel(deps, tenantId, id, "embedding");
export const resolveChat = (deps: Deps, tenantId: string, id: string) => resolveModel(deps, tenantId, id, "chat");

const DEFAULT_CONTEXT_TOKENS = 8192;

// The context window of a tenant's chat model: its max tokens setting, or 8192 for the built-in model and a model
// without one.
export const contextTokens = async (deps: Deps, tenantId: string, llmId: string) => {
  if (llmId === BUILTIN_CHAT_ID) return DEFAULT_CONTEXT_TOKENS;
  const row = await findTenantModel(deps, tenantId, llmId, "chat");
  return row?.maxTokens && row.maxTokens > 0 ? row.maxTokens : DEFAULT_CONTEXT_TOKENS;
};
