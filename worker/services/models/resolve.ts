import { and, eq } from "drizzle-orm";
import { tenantModels } from "../../db/schema";
import { AppError, dataError, RetCode } from "../../lib/errors";
import { openSecret } from "../../lib/secret-box";
import { builtinHashEmbedding } from "../../platform/providers/builtin-hash";
import { findProvider, type ModelType, parseModelId } from "../../platform/providers/catalogue";
import { chatAdapter, embeddingAdapter } from "../../platform/providers/adapters";
import type { ChatModel, EmbeddingModel, Endpoint } from "../../platform/providers/types";
import type { Deps } from "../context";

export const findTenantModel = async (deps: Deps, tenantId: string, id: string, type: ModelType) => {
  const { model, provider } = parseModelId(id);
  return deps.db.query.tenantModels.findFirst({
    where: and(eq(tenantModels.tenantId, tenantId), eq(tenantModels.provider, provider), eq(tenantModels.modelName, model), eq(tenantModels.modelType, type)),
  });
};

export const endpointOf = async (deps: Deps, row: { apiBase: string | null; apiKeySealed: string | null; modelName: string; provider: string }): Promise<Endpoint> => ({
  baseUrl: row.apiBase || findProvider(row.provider)?.defaultBase || "",
  apiKey: row.apiKeySealed ? await openSecret(row.apiKeySealed, deps.config.providerSecret) : undefined,
  model: row.modelName,
});

// A tenant's embedding model by id: the built-in one, or one configured with a provider.
export const resolveEmbedding = async (deps: Deps, tenantId: string, id: string): Promise<EmbeddingModel> => {
  if (id === builtinHashEmbedding.id) return builtinHashEmbedding;
  const row = await findTenantModel(deps, tenantId, id, "embedding");
  if (!row || !row.enabled) throw dataError(`Embedding model ${id} is not set up. Add it in the model settings.`);
  const model = embeddingAdapter(findProvider(row.provider)?.wire, id, await endpointOf(deps, row));
  if (!model) throw new AppError(RetCode.EXCEPTION_ERROR, `Embeddings from ${row.provider} are not supported yet.`);
  return model;
};

export const resolveChat = async (deps: Deps, tenantId: string, id: string): Promise<ChatModel> => {
  const row = await findTenantModel(deps, tenantId, id, "chat");
  if (!row || !row.enabled) throw dataError(`Chat model ${id} is not set up. Add it in the model settings.`);
  const model = chatAdapter(findProvider(row.provider)?.wire, id, await endpointOf(deps, row));
  if (!model) throw new AppError(RetCode.EXCEPTION_ERROR, `Chat with ${row.provider} is not supported yet.`);
  return model;
};
