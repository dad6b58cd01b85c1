import { dataError } from "../../lib/errors";
import { builtinHashEmbedding } from "./builtin-hash";
import type { EmbeddingModel } from "./types";

const BUILTIN_EMBEDDINGS: Record<string, EmbeddingModel> = {
  [builtinHashEmbedding.id]: builtinHashEmbedding,
};

// Resolves a dataset's embedding model id to an implementation. Hosted providers are added with
// the model-provider settings; until a provider is configured only the built-in models resolve.
export const resolveEmbeddingModel = (id: string): EmbeddingModel => {
  const model = BUILTIN_EMBEDDINGS[id];
  if (!model) throw dataError(`Embedding model ${id} is not available. Configure its provider in the model settings.`);
  return model;
};
