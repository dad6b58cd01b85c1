import { parseServiceAccountKey } from "../../../worker/contract/provider-credentials";
import type { AvailableProvider, ModelParams, ModelType } from "../../api/models";
import type { FieldErrors } from "../../lib/form-errors";

// The model select's "other model …" entry: the name is typed in a text box instead.
export const OTHER_MODEL = "__other__";
export const DEFAULT_MAX_TOKENS = 8192;

export type AddModelValues = {
  // the instance that holds the key, base URL and credentials (RAGFlow v0.27's provider instances)
  instanceName: string;
  modelType: ModelType;
  choice: string;
  customName: string;
  apiKey: string;
  apiBase: string;
  maxTokens: string;
  vision: boolean;
  // the provider's credential fields by key
  credentials: Record<string, string>;
};

export type CredentialErrorKey = `credentials.${string}`;
export type AddModelErrors = FieldErrors<
  "instanceName" | "llmName" | "apiKey" | "apiBase" | "maxTokens" | CredentialErrorKey
>;

export const credentialErrorKey = (key: string): CredentialErrorKey => `credentials.${key}`;

// The API key field: hidden for keyless providers, optional where access keys can replace it (Bedrock).
export const showsApiKey = (provider: AvailableProvider) => !provider.keyless;
export const keyOrCredentials = (provider: AvailableProvider) => provider.credentials.some((field) => field.or_api_key);
export const needsApiKey = (provider: AvailableProvider) =>
  !provider.local && !provider.keyless && !keyOrCredentials(provider);

// The base URL used when the field is empty: fixed, or built from credentials (shown with its placeholders).
export const defaultBaseHint = (provider: AvailableProvider) => provider.url.default || provider.base_template;

// The catalogue models of one type.
export const catalogueOf = (provider: AvailableProvider, type: ModelType) =>
  provider.models.filter((model) => model.type === type).map((model) => model.name);

// Types a model can actually be added for: the catalogue has one, or the provider serves any model.
export const usableTypes = (provider: AvailableProvider) => {
  const types = provider.model_types.filter((type) => provider.any_model || catalogueOf(provider, type).length > 0);
  return types.length > 0 ? types : provider.model_types;
};

export const firstChoice = (provider: AvailableProvider, type: ModelType) =>
  catalogueOf(provider, type)[0] ?? OTHER_MODEL;

// "main", or "main-2" … when the team has an instance of that name already ("default" is reserved)
export const freeInstanceName = (taken: string[]) => {
  if (!taken.includes("main")) return "main";
  let n = 2;
  while (taken.includes(`main-${n}`)) n++;
  return `main-${n}`;
};

export const initialValues = (provider: AvailableProvider, takenInstances: string[] = []): AddModelValues => {
  const modelType = usableTypes(provider)[0] ?? "chat";
  return {
    instanceName: freeInstanceName(takenInstances),
    modelType,
    choice: firstChoice(provider, modelType),
    customName: "",
    apiKey: "",
    apiBase: provider.url.default,
    maxTokens: String(DEFAULT_MAX_TOKENS),
    vision: false,
    credentials: Object.fromEntries(provider.credentials.map((field) => [field.key, field.default])),
  };
};

export const showsVision = (type: ModelType) => type === "chat" || type === "image2text";

export const isCustomName = (provider: AvailableProvider, values: AddModelValues) =>
  catalogueOf(provider, values.modelType).length === 0 || values.choice === OTHER_MODEL;

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

// The filled-in credentials, trimmed; empty ones are left out.
const filledCredentials = (provider: AvailableProvider, values: AddModelValues) =>
  Object.fromEntries(
    provider.credentials
      .map((field) => [field.key, (values.credentials[field.key] ?? "").trim()])
      .filter(([, value]) => value !== ""),
  );

const checkCredentials = (
  provider: AvailableProvider,
  credentials: Record<string, string>,
  apiKey: string,
  errors: AddModelErrors,
) => {
  for (const field of provider.credentials) {
    const value = credentials[field.key];
    const key = credentialErrorKey(field.key);
    if (!value) {
      if (field.required) errors[key] = "models.form.credentialRequired";
    } else if (field.pattern && !new RegExp(field.pattern).test(value)) errors[key] = "models.form.credentialFormat";
    else if (field.json && !parseServiceAccountKey(value)) errors[key] = "models.form.serviceAccountInvalid";
  }
  const alternatives = provider.credentials.filter((field) => field.or_api_key);
  if (alternatives.length === 0 || apiKey || alternatives.every((field) => credentials[field.key])) return;
  errors.apiKey = "models.form.keyOrAccessKeys";
  for (const field of alternatives)
    if (!credentials[field.key]) errors[credentialErrorKey(field.key)] ??= "models.form.keyOrAccessKeys";
};

// Client-side checks with translated messages; the server checks the same again (and tests the connection).
export const toModelParams = (
  provider: AvailableProvider,
  values: AddModelValues,
): { params: ModelParams | null; errors: AddModelErrors } => {
  const errors: AddModelErrors = {};
  const llmName = (isCustomName(provider, values) ? values.customName : values.choice).trim();
  const instanceName = values.instanceName.trim();
  if (!instanceName) errors.instanceName = "validation.required";
  else if (instanceName === "default") errors.instanceName = "models.form.instanceReserved";
  else if (instanceName.length > 255) errors.instanceName = { key: "validation.tooLong", values: { max: 255 } };
  const apiKey = showsApiKey(provider) ? values.apiKey.trim() : "";
  const apiBase = values.apiBase.trim();
  const maxTokens = values.maxTokens.trim();
  const credentials = filledCredentials(provider, values);
  if (!llmName) errors.llmName = "validation.required";
  else if (llmName.length > 255) errors.llmName = { key: "validation.tooLong", values: { max: 255 } };
  if (!apiKey && needsApiKey(provider)) errors.apiKey = "models.form.apiKeyRequired";
  checkCredentials(provider, credentials, apiKey, errors);
  if (!apiBase && !defaultBaseHint(provider) && !provider.binding) errors.apiBase = "models.form.baseUrlRequired";
  else if (apiBase && !isHttpUrl(apiBase)) errors.apiBase = "models.form.baseUrlInvalid";
  if (!/^\d+$/.test(maxTokens) || !Number.isSafeInteger(Number(maxTokens)))
    errors.maxTokens = "models.form.maxTokensInvalid";
  if (Object.keys(errors).length > 0) return { params: null, errors };
  return {
    params: {
      llm_factory: provider.name,
      instance_name: instanceName,
      llm_name: llmName,
      model_type: values.modelType,
      api_key: apiKey,
      api_base: apiBase,
      max_tokens: Number(maxTokens),
      vision: showsVision(values.modelType) && values.vision,
      ...(provider.credentials.length > 0 ? { credentials } : {}),
    },
    errors,
  };
};
