import { dataError } from "../../lib/errors";
import { RAGFLOW_DEFAULT_EMBEDDING_IDS } from "../../platform/providers/builtin-hash";
import { BUILTIN_PROVIDER, findProvider, knowsModel, parseModelId } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { findTenantModel } from "./resolve";

// RAGFlow v0.27's words: a provider Buddy does not know, or one the tenant has not set up this model for, is a
// provider "not found for model"; a model its provider does not offer is a model "not found for model embedding".
export const assertEmbeddingModelUsable = async (ctx: ServiceContext, id: string) => {
  if (RAGFLOW_DEFAULT_EMBEDDING_IDS.includes(id)) return;
  const { model, provider } = parseModelId(id);
  const entry = findProvider(provider);
  const providerMissing = dataError(`Provider ${provider} not found for model ${id}.`);
  if (!entry) throw providerMissing;
  if (!knowsModel(entry, model, "embedding")) throw dataError(`Model ${id} not found for model embedding`);
  if (provider === BUILTIN_PROVIDER) return;
  const configured = await findTenantModel(ctx, ctx.actor.tenantId, id, "embedding");
  if (!configured || !configured.enabled) throw providerMissing;
};
