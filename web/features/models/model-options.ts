import type { ModelsOverview, ModelType } from "../../api/models";

export type ModelOption = { value: string; label: string };

// The configured models of one type (built-ins included) as "name (provider)".
export const optionsFor = (overview: ModelsOverview, type: ModelType): ModelOption[] =>
  overview.providers.flatMap((provider) =>
    provider.models
      .filter((model) => model.model_type === type && model.enabled)
      .map((model) => ({ value: model.model_id, label: `${model.llm_name} (${provider.name})` })),
  );
