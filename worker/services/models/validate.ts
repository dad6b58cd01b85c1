import { dataError } from "../../lib/errors";
import { findProvider, parseModelId } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";

// Unknown provider or model → "Unsupported"; known but not set up for the tenant → "Unauthorized".
// Providers are configured per tenant in the model-provider settings; until then only keyless ones qualify.
export const assertEmbeddingModelUsable = async (_ctx: ServiceContext, id: string) => {
  const { model, provider } = parseModelId(id);
  const entry = findProvider(provider);
  const type = entry?.models[model] ?? (entry?.anyModel ? "embedding" : undefined);
  if (!entry || type !== "embedding") throw dataError(`Unsupported model: <${id}>`);
  if (entry.needsApiKey) throw dataError(`Unauthorized model: <${id}>`);
};
