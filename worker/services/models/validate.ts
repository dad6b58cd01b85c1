import { dataError } from "../../lib/errors";
import { RAGFLOW_DEFAULT_EMBEDDING_IDS } from "../../platform/providers/builtin-hash";
import { BUILTIN_PROVIDER, findProvider, knowsModel, parseModelId } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";
import { findTenantModel } from "./resolve";

// Unknown provider or model → "Unsupported"; known but not set up for the tenant → "Unauthorized".
export const assertEmbeddingModelUsable = async (ctx: ServiceContext, id: string) => {
  if (RAGFLOW_DEFAULT_EMBEDDING_IDS.includes(id)) return;
  const { model, provider } = parseModelId(id);
  const entry = findProvider(provider);
  if (!entry || !knowsModel(entry, model, "embedding")) throw dataError(`Unsupported model: <${id}>`);
  if (provider === BUILTIN_PROVIDER) return;
  const configured = await findTenantModel(ctx, ctx.actor.tenantId, id, "embedding");
  if (!configured || !configured.enabled) throw dataError(`Unauthorized model: <${id}>`);
};
