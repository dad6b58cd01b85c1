import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AddProviderSchema,
  AlterModelSchema,
  ConnectionTestSchema,
  CreateInstanceSchema,
  DefaultModels,
  DeleteInstanceModelsSchema,
  ListedModel,
  SetDefaultModelSchema,
} from "../../worker/contract/models";
import { ApiError, type Body, requestData } from "./client";

export type ModelType = ListedModel["model_type"][number];

// A provider-specific setting the add dialog asks for besides key and base URL (access keys, region, …).
export type CredentialFieldView = {
  key: string;
  // a password field; never shown again once saved
  secret: boolean;
  required: boolean;
  // required only when no API key is given (Bedrock's access keys)
  or_api_key: boolean;
  // a service account key file: a text area with a file picker
  json: boolean;
  default: string;
  // a regular expression the value must match ("" = any)
  pattern: string;
  example: string;
};

// A provider that can be added (GET /providers?available=true): its catalogue models, whether it needs a key
// and where it answers by default.
export type AvailableProvider = {
  name: string;
  model_types: ModelType[];
  url: { default: string };
  local: boolean;
  any_model: boolean;
  // reached through a Cloudflare binding (Workers AI): no key, no URL
  binding: boolean;
  // authenticates with its credentials only: no API key field (Vertex AI)
  keyless: boolean;
  // a default base URL built from credentials, e.g. "https://bedrock-runtime.{aws_region}.amazonaws.com/openai/v1"
  base_template: string;
  models: { name: string; type: ModelType }[];
  credentials: CredentialFieldView[];
};

// One model as the pages show it: a row of GET /models.
export type ConfiguredModel = {
  id: string;
  model_id: string;
  llm_name: string;
  model_type: ModelType;
  provider: string;
  instance_name: string;
  api_base: string | null;
  api_key_hint: string | null;
  max_tokens: number;
  vision: boolean;
  // a chat model that can call tools (GET /models' is_tools)
  is_tools: boolean;
  enabled: boolean;
  used_tokens: number;
  builtin: boolean;
  credentials_set: { key: string; hint: string | null }[];
};

export type ProviderView = { name: string; local: boolean; types: ModelType[]; models: ConfiguredModel[] };

// The model pages' view, read from GET /models, GET /providers?available=true and GET /users/me/models:
// the team's models by provider ("Builtin" first), the providers that can be added, and the defaults.
export type ModelsOverview = { providers: ProviderView[]; available: AvailableProvider[]; defaults: DefaultModels };

// One model as the add dialog sends it; the instance holds the key, base URL and credentials.
export type ModelParams = {
  llm_factory: string;
  instance_name: string;
  llm_name: string;
  model_type: ModelType;
  api_key: string;
  api_base: string;
  max_tokens: number;
  vision: boolean;
  credentials?: Record<string, string>;
};

export type ModelTestResult = { ok: boolean; detail: string };

// The model a row of the settings page stands for, in the provider API's path.
export type ModelRef = { provider: string; instance: string; name: string };

export const modelKeys = {
  all: ["models"] as const,
  overview: () => [...modelKeys.all, "overview"] as const,
};

const toConfigured = (model: ListedModel): ConfiguredModel => ({
  id: model.id,
  model_id: model.model_id,
  llm_name: model.name,
  model_type: model.model_type[0] ?? "chat",
  provider: model.provider_name,
  instance_name: model.instance_name,
  api_base: model.api_base,
  api_key_hint: model.api_key_hint,
  max_tokens: model.max_tokens,
  vision: model.vision,
  is_tools: model.is_tools,
  enabled: model.status === "active",
  used_tokens: model.used_tokens,
  builtin: model.builtin,
  credentials_set: model.credentials_set,
});

const byProvider = (models: ListedModel[], available: AvailableProvider[]): ProviderView[] => {
  const names = [...new Set(models.map((model) => model.provider_name))];
  return names.map((name) => {
    const own = models.filter((model) => model.provider_name === name).map(toConfigured);
    const entry = available.find((provider) => provider.name === name);
    return {
      name,
      local: entry?.local ?? own.every((model) => model.builtin),
      types: entry?.model_types ?? [...new Set(own.map((model) => model.model_type))],
      models: own,
    };
  });
};

const loadOverview = async (): Promise<ModelsOverview> => {
  const [models, available, defaults] = await Promise.all([
    requestData<ListedModel[]>("/models"),
    requestData<AvailableProvider[]>("/providers", { query: { available: true } }),
    requestData<DefaultModels & { tenant_id: string }>("/users/me/models"),
  ]);
  const { llm_id, embd_id, img2txt_id, asr_id, rerank_id, tts_id } = defaults;
  return {
    providers: byProvider(models, available),
    available,
    defaults: { llm_id, embd_id, img2txt_id, asr_id, rerank_id, tts_id },
  };
};

export const modelsQueryOptions = () => queryOptions({ queryKey: modelKeys.overview(), queryFn: loadOverview });

const providerPath = (provider: string) => `/providers/${encodeURIComponent(provider)}`;
const modelsPath = (ref: Pick<ModelRef, "provider" | "instance">) =>
  `${providerPath(ref.provider)}/instances/${encodeURIComponent(ref.instance)}/models`;

const modelInfo = (params: ModelParams) => [
  {
    model_name: params.llm_name,
    model_type: [params.model_type],
    max_tokens: params.max_tokens,
    extra: { vision: params.vision },
  },
];

const connectionOf = (params: ModelParams) => ({
  api_key: params.api_key,
  base_url: params.api_base,
  credentials: params.credentials ?? {},
});

// "Test connection": one tiny real call with the settings, nothing is saved.
export const useTestModelMutation = () =>
  useMutation({
    mutationFn: async (params: ModelParams): Promise<ModelTestResult> => {
      const [result] = await requestData<{ detail: string }[]>(`${providerPath(params.llm_factory)}/connection`, {
        method: "POST",
        body: { ...connectionOf(params), model_info: modelInfo(params) } satisfies Body<typeof ConnectionTestSchema>,
      });
      return { ok: true, detail: result?.detail ?? "" };
    },
  });

// Saves a model: adds the provider to the team (once) and an instance with the key and the model. Nothing is
// called; "Test connection" does that.
export const useAddModelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (params: ModelParams) => {
      await requestData<boolean>("/providers", {
        method: "PUT",
        body: { provider_name: params.llm_factory } satisfies Body<typeof AddProviderSchema>,
      }).catch((error: unknown) => {
        // added before: fine
        if (!(error instanceof ApiError && error.message.includes("already exists"))) throw error;
      });
      return requestData<boolean>(`${providerPath(params.llm_factory)}/instances`, {
        method: "POST",
        body: {
          instance_name: params.instance_name,
          ...connectionOf(params),
          model_info: modelInfo(params),
        } satisfies Body<typeof CreateInstanceSchema>,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
};

export const useDeleteModelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: ModelRef) =>
      requestData<boolean>(modelsPath(ref), {
        method: "DELETE",
        body: { model_name: [ref.name] } satisfies Body<typeof DeleteInstanceModelsSchema>,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
};

export const useToggleModelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enabled, ...ref }: ModelRef & { enabled: boolean }) =>
      requestData<boolean>(`${modelsPath(ref)}/${encodeURIComponent(ref.name)}`, {
        method: "PATCH",
        body: { status: enabled ? "active" : "inactive" } satisfies Body<typeof AlterModelSchema>,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
};

const DEFAULT_TYPES: Record<keyof DefaultModels, ModelType> = {
  llm_id: "chat",
  embd_id: "embedding",
  img2txt_id: "image2text",
  asr_id: "speech2text",
  rerank_id: "rerank",
  tts_id: "tts",
};

// Saves the changed defaults, one PATCH /models/default per type ("" clears one).
export const useSetDefaultModelsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<DefaultModels>) => {
      let saved: DefaultModels | null = null;
      for (const [key, id] of Object.entries(changes) as [keyof DefaultModels, string | undefined][]) {
        if (id === undefined) continue;
        const body: Body<typeof SetDefaultModelSchema> = id
          ? { model_type: DEFAULT_TYPES[key], model_id: id }
          : { model_type: DEFAULT_TYPES[key] };
        saved = await requestData<DefaultModels>("/models/default", { method: "PATCH", body });
      }
      return saved;
    },
    onSuccess: (defaults) => {
      if (defaults)
        queryClient.setQueryData<ModelsOverview>(
          modelKeys.overview(),
          (current) => current && { ...current, defaults },
        );
      return queryClient.invalidateQueries({ queryKey: modelKeys.all });
    },
  });
};
