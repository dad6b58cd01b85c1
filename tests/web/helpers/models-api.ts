import type { AvailableProvider, ConfiguredModel, ModelsOverview } from "../../../web/api/models";
import type { DefaultModels, ListedModel } from "../../../worker/contract/models";

// The model pages read three endpoints (GET /models, GET /providers?available=true, GET /users/me/models);
// tests describe what the pages show as one ModelsOverview and answer each endpoint from it.

const EMPTY_DEFAULTS: DefaultModels = {
  llm_id: "",
  embd_id: "",
  img2txt_id: "",
  asr_id: "",
  rerank_id: "",
  tts_id: "",
};

export const NO_MODELS: ModelsOverview = { providers: [], available: [], defaults: EMPTY_DEFAULTS };

const listed = (provider: string, model: ConfiguredModel): ListedModel => ({
  model_id: model.model_id,
  id: model.id,
  tenant_id: "tenant",
  name: model.llm_name,
  model_type: [model.model_type],
  provider_id: "",
  provider_name: provider,
  model_provider: provider,
  instance_id: "",
  instance_name: model.instance_name,
  model_instance: model.instance_name,
  status: model.enabled ? "active" : "inactive",
  api_base: model.api_base,
  api_key_hint: model.api_key_hint,
  max_tokens: model.max_tokens,
  vision: model.vision,
  is_tools: model.is_tools,
  used_tokens: model.used_tokens,
  builtin: model.builtin,
  credentials_set: model.credentials_set,
});

// What the three endpoints answer for this overview, by URL; undefined for other URLs.
export const modelsAnswer = (url: string, overview: ModelsOverview = NO_MODELS): unknown => {
  if (url === "/api/v1/models")
    return overview.providers.flatMap((provider) => provider.models.map((model) => listed(provider.name, model)));
  if (url === "/api/v1/providers?available=true") return overview.available;
  if (url === "/api/v1/users/me/models") return { tenant_id: "tenant", ...EMPTY_DEFAULTS, ...overview.defaults };
  return undefined;
};

export const MODEL_URLS = ["/api/v1/models", "/api/v1/providers?available=true", "/api/v1/users/me/models"];

// A configured model with everything a page does not look at filled in.
export const configuredModel = (
  fields: Pick<ConfiguredModel, "llm_name" | "model_type" | "model_id"> & Partial<ConfiguredModel>,
): ConfiguredModel => ({
  id: `id-${fields.llm_name}`,
  provider: fields.model_id.split("@").at(-1) ?? "",
  instance_name: "default",
  api_base: null,
  api_key_hint: null,
  max_tokens: 8192,
  vision: false,
  is_tools: fields.model_type === "chat",
  enabled: true,
  used_tokens: 0,
  builtin: false,
  credentials_set: [],
  ...fields,
});

export const availableProvider = (name: string, fields: Partial<AvailableProvider> = {}): AvailableProvider => ({
  name,
  model_types: ["chat"],
  url: { default: "" },
  local: false,
  any_model: false,
  binding: false,
  keyless: false,
  base_template: "",
  models: [],
  credentials: [],
  ...fields,
});
