// Model providers Buddy knows. Providers with `anyModel` accept any model name (local servers).
export type ModelType = "chat" | "embedding" | "rerank" | "image2text" | "speech2text" | "tts";

export type ProviderEntry = {
  name: string;
  needsApiKey: boolean;
  anyModel?: boolean;
  models: Record<string, ModelType>;
};

export const BUILTIN_PROVIDER = "Builtin";

export const PROVIDERS: ProviderEntry[] = [
  {
    name: BUILTIN_PROVIDER,
    needsApiKey: false,
    models: { "builtin-hash": "embedding", "builtin-extractive": "chat" },
  },
  {
    name: "OpenAI",
    needsApiKey: true,
    models: {
      "gpt-4o": "chat", "gpt-4o-mini": "chat", "gpt-4.1": "chat", "gpt-4.1-mini": "chat",
      "text-embedding-3-small": "embedding", "text-embedding-3-large": "embedding",
      "whisper-1": "speech2text", "tts-1": "tts",
    },
  },
  { name: "Moonshot", needsApiKey: true, models: { "moonshot-v1-8k": "chat", "moonshot-v1-32k": "chat" } },
  {
    name: "ZHIPU-AI",
    needsApiKey: true,
    models: { "glm-4-flash": "chat", "glm-4-plus": "chat", "embedding-2": "embedding", "embedding-3": "embedding" },
  },
  { name: "Ollama", needsApiKey: false, anyModel: true, models: {} },
  { name: "Xinference", needsApiKey: false, anyModel: true, models: {} },
  {
    name: "Tongyi-Qianwen",
    needsApiKey: true,
    models: { "qwen-plus": "chat", "qwen-turbo": "chat", "text-embedding-v3": "embedding" },
  },
  {
    name: "SILICONFLOW",
    needsApiKey: true,
    models: { "BAAI/bge-m3": "embedding", "BAAI/bge-reranker-v2-m3": "rerank" },
  },
  {
    name: "Workers AI",
    needsApiKey: false,
    models: { "@cf/baai/bge-m3": "embedding", "@cf/baai/bge-reranker-base": "rerank", "@cf/meta/llama-3.1-8b-instruct": "chat" },
  },
];

// "name@provider" or "name@instance@provider": the provider is the last segment.
export const parseModelId = (id: string) => {
  const parts = id.split("@");
  const provider = parts.length > 1 ? (parts.at(-1) ?? "") : "";
  return { model: parts[0] ?? "", provider };
};

export const findProvider = (name: string) => PROVIDERS.find((entry) => entry.name === name);

export const modelTypeOf = (id: string): ModelType | null => {
  const { model, provider } = parseModelId(id);
  const entry = findProvider(provider);
  if (!entry) return null;
  return entry.models[model] ?? (entry.anyModel ? "chat" : null);
};
