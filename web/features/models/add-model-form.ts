import type { AvailableProvider, ModelParams, ModelType } from "../../api/models";
import type { FieldErrors } from "../../lib/form-errors";

// The model select's "other model …" entry: the name is typed in a text box instead.
export const OTHER_MODEL = "__other__";
export const DEFAULT_MAX_TOKENS = 8192;

export type AddModelValues = {
  modelType: ModelType;
  choice: string;
  customName: string;
  apiKey: string;
  apiBase: string;
  maxTokens: string;
  vision: boolean;
};

export type AddModelErrors = FieldErrors<"llmName" | "apiKey" | "apiBase" | "maxTokens">;

// The catalogue models of one type.
export const catalogueOf = (provider: AvailableProvider, type: ModelType) =>
  provider.models.filter((model) => model.type === type).map((model) => model.name);

// Types a model can actually be added for: the catalogue has one, or the provider serves any model.
export const usableTypes = (provider: AvailableProvider) => {
  const types = provider.types.filter((type) => provider.any_model || catalogueOf(provider, type).length > 0);
  return types.length > 0 ? types : provider.types;
};

export const firstChoice = (provider: AvailableProvider, type: ModelType) => catalogueOf(provider, type)[0] ?? OTHER_MODEL;

export const initialValues = (provider: AvailableProvider): AddModelValues => {
  const modelType = usableTypes(provider)[0] ?? "chat";
  return {
    modelType,
    choice: firstChoice(provider, modelType),
    customName: "",
    apiKey: "",
    apiBase: provider.default_base,
    maxTokens: String(DEFAULT_MAX_TOKENS),
    vision: false,
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

// Client-side checks with translated messages; the server checks the same again (and tests the connection).
export const toModelParams = (provider: AvailableProvider, values: AddModelValues): { params: ModelParams | null; errors: AddModelErrors } => {
  const errors: AddModelErrors = {};
  const llmName = (isCustomName(provider, values) ? values.customName : values.choice).trim();
  const apiKey = values.apiKey.trim();
  const apiBase = values.apiBase.trim();
  const maxTokens = values.maxTokens.trim();
  if (!llmName) errors.llmName = "validation.required";
  else if (llmName.length > 255) errors.llmName = "validation.tooLong";
  if (!apiKey && !provider.local) errors.apiKey = "models.form.apiKeyRequired";
  if (!apiBase && !provider.default_base && !provider.binding) errors.apiBase = "models.form.baseUrlRequired";
  else if (apiBase && !isHttpUrl(apiBase)) errors.apiBase = "models.form.baseUrlInvalid";
  if (!/^\d+$/.test(maxTokens) || !Number.isSafeInteger(Number(maxTokens))) errors.maxTokens = "models.form.maxTokensInvalid";
  if (Object.keys(errors).length > 0) return { params: null, errors };
  return {
    params: {
      llmFactory: provider.name,
      llmName,
      modelType: values.modelType,
      apiKey,
      apiBase,
      maxTokens: Number(maxTokens),
      vision: showsVision(values.modelType) && values.vision,
    },
    errors,
  };
};
