import type { ModelsOverview, ModelType } from "../../api/models";

// noTools: a chat model that cannot call tools (an Agent with tools would fail with it)
export type ModelOption = { value: string; label: string; noTools?: boolean };

// The configured models of one type (built-ins included) as "name (provider)".
export const optionsFor = (overview: ModelsOverview, type: ModelType): ModelOption[] =>
  overview.providers.flatMap((provider) =>
    provider.models
      .filter((model) => model.model_type === type && model.enabled)
      .map((model) => ({
        value: model.model_id,
        label: `${model.llm_name} (${provider.name})`,
        ...(type === "chat" && !model.is_tools && { noTools: true }),
      })),
  );
