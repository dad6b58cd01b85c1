import { env } from "cloudflare:test";
import { GOOD_KEY } from "../shared/model-key";
import { callApi } from "./api";
import type { TestUser } from "./factories";

export const LOCAL_PROVIDER = "OpenAI-API-Compatible";

type InstanceOptions = {
  provider?: string;
  instance?: string;
  // [model name, type]
  models?: [string, string][];
  api_key?: string;
  base_url?: string;
  credentials?: Record<string, unknown>;
};

const path = (provider: string) => `/providers/${encodeURIComponent(provider)}`;

// PUT /providers (an existing provider is fine), then POST /providers/{provider}/instances.
export const addInstance = async (user: TestUser, options: InstanceOptions = {}) => {
  const provider = options.provider ?? LOCAL_PROVIDER;
  await callApi("/providers", { method: "PUT", token: user.token, json: { provider_name: provider } });
  return callApi<boolean>(`${path(provider)}/instances`, {
    token: user.token,
    json: {
      instance_name: options.instance ?? "main",
      api_key: options.api_key ?? GOOD_KEY,
      base_url: options.base_url ?? env.TEST_OPENAI_URL,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      model_info: (options.models ?? []).map(([model_name, type]) => ({ model_name, model_type: [type] })),
    },
  });
};

// One model of the local OpenAI-compatible server, in the instance "main" (made on first use); answers its id.
export const addLocalModel = async (user: TestUser, name: string, type: string) => {
  const created = await addInstance(user, { models: [[name, type]] });
  if (created.body.code !== 0) {
    const added = await callApi(`${path(LOCAL_PROVIDER)}/instances/main/models`, {
      token: user.token,
      json: { model_name: name, model_type: type },
    });
    if (added.body.code !== 0) throw new Error(`addLocalModel: ${added.body.message}`);
  }
  return `${name}@${LOCAL_PROVIDER}`;
};

const DEFAULT_TYPES = {
  llm_id: "chat",
  embd_id: "embedding",
  img2txt_id: "image2text",
  asr_id: "speech2text",
  tts_id: "tts",
  rerank_id: "rerank",
} as const;

// The team's default models, one PATCH /models/default per type (RAGFlow v0.27's body {model_type, model_id}).
export const setDefaultModels = async (
  token: string,
  defaults: Partial<Record<keyof typeof DEFAULT_TYPES, string>>,
) => {
  for (const [key, modelId] of Object.entries(defaults)) {
    const res = await callApi("/models/default", {
      method: "PATCH",
      token,
      json: { model_type: DEFAULT_TYPES[key as keyof typeof DEFAULT_TYPES], model_id: modelId },
    });
    if (res.body.code !== 0) throw new Error(`default ${key} not set: ${res.body.message}`);
  }
};
