import { type CredentialField, PROVIDER_CREDENTIALS } from "../../contract/provider-credentials";

// Model providers Buddy knows, in the order the settings page lists them (the spec puts OpenAI, Moonshot,
// ZHIPU-AI, Ollama and Xinference first). `local` providers need no API key; `anyModel` accepts any name;
// `keyless` providers authenticate with their credentials only (worker/contract/provider-credentials.ts);
// `baseTemplate` is a default base URL with `{credential}` placeholders.
export const MODEL_TYPES = ["chat", "embedding", "rerank", "image2text", "speech2text", "tts"] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export type Wire = "builtin" | "openai" | "ollama" | "anthropic" | "gemini" | "workers-ai";

export type ProviderEntry = {
  name: string;
  wire: Wire;
  local?: boolean;
  // runs wherever its owner hosts it, a private network included (the generic OpenAI-compatible connector)
  selfHosted?: boolean;
  anyModel?: boolean;
  keyless?: boolean;
  defaultBase?: string;
  baseTemplate?: string;
  types: ModelType[];
  models: Record<string, ModelType>;
  credentials?: CredentialField[];
};

export const BUILTIN_PROVIDER = "Builtin";

const OPENAI_TYPES: ModelType[] = ["chat", "embedding", "image2text", "speech2text", "tts"];

export const PROVIDERS: ProviderEntry[] = [
  {
    name: "OpenAI",
    wire: "openai",
    defaultBase: "https://api.openai.com/v1",
    types: OPENAI_TYPES,
    models: {
      "gpt-4o": "chat",
      "gpt-4o-mini": "chat",
      "gpt-4.1": "chat",
      "gpt-4.1-mini": "chat",
      "text-embedding-3-small": "embedding",
      "text-embedding-3-large": "embedding",
      "whisper-1": "speech2text",
      "tts-1": "tts",
    },
  },
  {
    name: "Moonshot",
    wire: "openai",
    defaultBase: "https://api.moonshot.cn/v1",
    types: ["chat"],
    models: { "moonshot-v1-8k": "chat", "moonshot-v1-32k": "chat", "moonshot-v1-128k": "chat" },
  },
  {
    name: "ZHIPU-AI",
    wire: "openai",
    defaultBase: "https://open.bigmodel.cn/api/paas/v4",
    types: ["chat", "embedding", "image2text"],
    models: {
      "glm-4-flash": "chat",
      "glm-4-plus": "chat",
      "glm-4v": "image2text",
      "embedding-2": "embedding",
      "embedding-3": "embedding",
    },
  },
  {
    name: "Ollama",
    wire: "ollama",
    local: true,
    anyModel: true,
    defaultBase: "http://localhost:11434",
    types: ["chat", "embedding", "image2text"],
    models: {},
  },
  {
    name: "Xinference",
    wire: "openai",
    local: true,
    anyModel: true,
    defaultBase: "http://localhost:9997/v1",
    types: ["chat", "embedding", "rerank", "image2text", "speech2text", "tts"],
    models: {},
  },
  {
    name: "Workers AI",
    wire: "workers-ai",
    local: true,
    anyModel: true,
    types: ["chat", "embedding", "rerank", "image2text", "speech2text", "tts"],
    models: {
      "@cf/meta/llama-3.1-8b-instruct": "chat",
      "@cf/meta/llama-3.3-70b-instruct-fp8-fast": "chat",
      "@cf/baai/bge-m3": "embedding",
      "@cf/baai/bge-reranker-base": "rerank",
      "@cf/openai/whisper": "speech2text",
      "@cf/myshell-ai/melotts": "tts",
      "@cf/llava-hf/llava-1.5-7b-hf": "image2text",
    },
  },
  // the base URL is the resource endpoint and the model name the deployment name
  {
    name: "Azure-OpenAI",
    wire: "openai",
    anyModel: true,
    types: OPENAI_TYPES,
    models: {},
    credentials: PROVIDER_CREDENTIALS["Azure-OpenAI"],
  },
  {
    name: "Anthropic",
    wire: "anthropic",
    defaultBase: "https://api.anthropic.com",
    types: ["chat", "image2text"],
    models: { "claude-sonnet-4-5": "chat", "claude-haiku-4-5": "chat" },
  },
  {
    name: "Gemini",
    wire: "gemini",
    defaultBase: "https://generativelanguage.googleapis.com",
    types: ["chat", "embedding", "image2text"],
    models: { "gemini-2.5-flash": "chat", "gemini-2.5-pro": "chat", "text-embedding-004": "embedding" },
  },
  // Bedrock's OpenAI-compatible endpoint (chat only): a Bedrock API key, or access keys that sign each request
  {
    name: "Bedrock",
    wire: "openai",
    anyModel: true,
    baseTemplate: "https://bedrock-runtime.{aws_region}.amazonaws.com/openai/v1",
    types: ["chat"],
    models: {},
    credentials: PROVIDER_CREDENTIALS.Bedrock,
  },
  // Vertex AI's OpenAI-compatible endpoint with an access token from a service account key
  {
    name: "VertexAI",
    wire: "openai",
    anyModel: true,
    keyless: true,
    baseTemplate:
      "https://{google_region}-aiplatform.googleapis.com/v1/projects/{google_project_id}/locations/{google_region}/endpoints/openapi",
    types: ["chat", "embedding"],
    models: {},
    credentials: PROVIDER_CREDENTIALS.VertexAI,
  },
  {
    name: "DeepSeek",
    wire: "openai",
    defaultBase: "https://api.deepseek.com/v1",
    types: ["chat"],
    models: { "deepseek-chat": "chat", "deepseek-reasoner": "chat" },
  },
  {
    name: "Mistral",
    wire: "openai",
    defaultBase: "https://api.mistral.ai/v1",
    types: ["chat", "embedding"],
    models: { "mistral-large-latest": "chat", "mistral-small-latest": "chat", "mistral-embed": "embedding" },
  },
  {
    name: "Groq",
    wire: "openai",
    defaultBase: "https://api.groq.com/openai/v1",
    types: ["chat", "speech2text"],
    models: { "llama-3.3-70b-versatile": "chat", "whisper-large-v3": "speech2text" },
  },
  {
    name: "OpenRouter",
    wire: "openai",
    anyModel: true,
    defaultBase: "https://openrouter.ai/api/v1",
    types: ["chat", "image2text"],
    models: {},
  },
  {
    name: "SILICONFLOW",
    wire: "openai",
    defaultBase: "https://api.siliconflow.cn/v1",
    types: ["chat", "embedding", "rerank"],
    models: {
      "Qwen/Qwen2.5-7B-Instruct": "chat",
      "BAAI/bge-m3": "embedding",
      "BAAI/bge-large-en-v1.5": "embedding",
      "BAAI/bge-large-zh-v1.5": "embedding",
      "BAAI/bge-reranker-v2-m3": "rerank",
    },
  },
  {
    name: "Tongyi-Qianwen",
    wire: "openai",
    defaultBase: "https://dashscope.aliyuncs.com/compatible-mode/v1",
    types: ["chat", "embedding", "rerank"],
    models: { "qwen-plus": "chat", "qwen-turbo": "chat", "text-embedding-v3": "embedding" },
  },
  // an endpoint ID ("ep-…"), when given, is sent as the model
  {
    name: "VolcEngine",
    wire: "openai",
    anyModel: true,
    defaultBase: "https://ark.cn-beijing.volces.com/api/v3",
    types: ["chat", "embedding"],
    models: {},
    credentials: PROVIDER_CREDENTIALS.VolcEngine,
  },
  // Qianfan v2: the bearer API key authenticates, the app ID travels as the `appid` header; the secret key is
  // kept (sealed) for the app's AK/SK pair but not sent, because v2 does not use it
  {
    name: "BaiduYiyan",
    wire: "openai",
    anyModel: true,
    defaultBase: "https://qianfan.baidubce.com/v2",
    types: ["chat", "embedding"],
    models: {},
    credentials: PROVIDER_CREDENTIALS.BaiduYiyan,
  },
  {
    name: "Jina",
    wire: "openai",
    defaultBase: "https://api.jina.ai/v1",
    types: ["embedding", "rerank"],
    models: { "jina-embeddings-v3": "embedding", "jina-reranker-v2-base-multilingual": "rerank" },
  },
  {
    name: "Voyage AI",
    wire: "openai",
    defaultBase: "https://api.voyageai.com/v1",
    types: ["embedding", "rerank"],
    models: { "voyage-3": "embedding", "rerank-2": "rerank" },
  },
  {
    name: "Cohere",
    wire: "openai",
    defaultBase: "https://api.cohere.com/compatibility/v1",
    types: ["chat", "embedding", "rerank"],
    models: { "command-r-plus": "chat", "embed-multilingual-v3.0": "embedding", "rerank-multilingual-v3.0": "rerank" },
  },
  {
    name: "LM-Studio",
    wire: "openai",
    local: true,
    anyModel: true,
    defaultBase: "http://localhost:1234/v1",
    types: ["chat", "embedding", "image2text"],
    models: {},
  },
  {
    name: "VLLM",
    wire: "openai",
    local: true,
    anyModel: true,
    defaultBase: "http://localhost:8000/v1",
    types: ["chat", "embedding", "rerank", "image2text"],
    models: {},
  },
  {
    name: "LocalAI",
    wire: "openai",
    local: true,
    anyModel: true,
    defaultBase: "http://localhost:8080/v1",
    types: ["chat", "embedding", "rerank", "image2text", "speech2text", "tts"],
    models: {},
  },
  {
    name: "OpenAI-API-Compatible",
    wire: "openai",
    selfHosted: true,
    anyModel: true,
    types: [...OPENAI_TYPES, "rerank"],
    models: {},
  },
  {
    name: BUILTIN_PROVIDER,
    wire: "builtin",
    local: true,
    types: ["chat", "embedding", "rerank"],
    models: { "builtin-hash": "embedding", "builtin-extractive": "chat", "builtin-rerank": "rerank" },
  },
];

// "name@provider" or "name@instance@provider": the provider follows the last "@". Model names may
// themselves start with "@" (Workers AI's "@cf/…"), so an instance is only an "@" after the first character.
export const parseModelId = (id: string) => {
  const last = id.lastIndexOf("@");
  if (last <= 0) return { model: id, provider: "" };
  const rest = id.slice(0, last);
  const instance = rest.indexOf("@", 1);
  return { model: instance > 0 ? rest.slice(0, instance) : rest, provider: id.slice(last + 1) };
};

export const findProvider = (name: string) => PROVIDERS.find((entry) => entry.name === name);

// Whether the catalogue knows this model for this type (any name for providers that serve any model).
export const knowsModel = (entry: ProviderEntry, model: string, type: ModelType) =>
  entry.models[model] === type || (entry.anyModel === true && entry.types.includes(type));
