import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AddModelSchema,
  ConfiguredModel,
  DefaultModels,
  ProviderView,
  SetDefaultModelsSchema,
  UpdateModelSchema,
} from "../../worker/contract/models";
import { type Body, requestData } from "./client";

export type ModelType = ConfiguredModel["model_type"];

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

// A provider that can be added: its catalogue models, whether it needs a key and where it answers by default.
export type AvailableProvider = {
  name: string;
  local: boolean;
  any_model: boolean;
  // reached through a Cloudflare binding (Workers AI): no key, no URL
  binding: boolean;
  // authenticates with its credentials only: no API key field (Vertex AI)
  keyless: boolean;
  default_base: string;
  // a default base URL built from credentials, e.g. "https://bedrock-runtime.{aws_region}.amazonaws.com/openai/v1"
  base_template: string;
  types: ModelType[];
  models: { name: string; type: ModelType }[];
  credentials: CredentialFieldView[];
};

// GET /models: configured providers ("Builtin" first), providers that can be added, and the defaults.
export type ModelsOverview = { providers: ProviderView[]; available: AvailableProvider[]; defaults: DefaultModels };

// One model as the add dialog sends it (the test call takes the same body).
export type ModelParams = Body<typeof AddModelSchema>;

export type ModelTestResult = { ok: boolean; detail: string };

export const modelKeys = {
  all: ["models"] as const,
  overview: () => [...modelKeys.all, "overview"] as const,
};

export const modelsQueryOptions = () =>
  queryOptions({ queryKey: modelKeys.overview(), queryFn: () => requestData<ModelsOverview>("/models") });

// "Test connection": one tiny real call with the settings, nothing is saved.
export const useTestModelMutation = () =>
  useMutation({
    mutationFn: (params: ModelParams) =>
      requestData<ModelTestResult>("/providers/test", { method: "POST", body: params }),
  });

// Saves a model; the server tests it first and answers with the new overview.
export const useAddModelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ModelParams) =>
      requestData<ModelsOverview>("/providers/models", { method: "POST", body: { ...params, verify: true } }),
    onSuccess: (overview) => {
      queryClient.setQueryData(modelKeys.overview(), overview);
      return queryClient.invalidateQueries({ queryKey: modelKeys.all });
    },
  });
};

export const useDeleteModelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestData<boolean>(`/providers/models/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
};

export const useToggleModelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      requestData<boolean>(`/providers/models/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: { enabled } satisfies Body<typeof UpdateModelSchema>,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
};

export const useSetDefaultModelsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: Body<typeof SetDefaultModelsSchema>) =>
      requestData<DefaultModels>("/models/default", { method: "PATCH", body: params }),
    onSuccess: (defaults) => {
      queryClient.setQueryData<ModelsOverview>(modelKeys.overview(), (current) => current && { ...current, defaults });
      return queryClient.invalidateQueries({ queryKey: modelKeys.all });
    },
  });
};
