import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { BUILTIN_CHAT_ID } from "../../../../worker/contract/chats";
import { canCallTools } from "../../../../worker/contract/tool-calling";
import { modelsQueryOptions } from "../../../api/models";
import { FormField } from "../../../components/form-field";
import { ModelChoiceSelect } from "../../models/model-choice-options";
import { useModelChoices } from "../../models/use-model-choices";

// Whether a chosen chat model can call tools: GET /models' is_tools for the team's models, else what the adapters
// know of the id (a model that is gone or not loaded yet). The team default ("") is not judged here.
export const useCallsTools = (modelId: string) => {
  const models = useQuery(modelsQueryOptions());
  if (modelId === "") return true;
  const listed = models.data?.providers
    .flatMap((provider) => provider.models)
    .find((model) => model.model_id === modelId && model.model_type === "chat");
  return listed ? listed.is_tools : canCallTools(modelId);
};

// The team's default chat model (empty), the built-in offline model (it writes no text of its own; the
// components fall back to simple word matching) or one of the enabled chat models. `markNoTools` (the Agent's
// form) marks the models that cannot call tools.
export const ModelSelect = ({
  value,
  onChange,
  markNoTools = false,
}: {
  value: string;
  onChange: (value: string) => void;
  markNoTools?: boolean;
}) => {
  const { t } = useTranslation();
  const choices = useModelChoices("chat", BUILTIN_CHAT_ID, value);
  const marked = (label: string) => t("agents.form.modelWithoutTools", { label });
  return (
    <FormField label={t("agents.form.model")} helper={t("agents.form.modelHint")}>
      <ModelChoiceSelect
        name="llm_id"
        value={value}
        onChange={onChange}
        choices={choices}
        missingLabel={t("agents.form.modelMissing", { id: value })}
        optionLabel={markNoTools ? (option) => (option.noTools ? marked(option.label) : option.label) : undefined}
      >
        <option value="">{t("agents.form.modelDefault")}</option>
        <option value={BUILTIN_CHAT_ID}>
          {markNoTools ? marked(t("agents.form.modelBuiltin")) : t("agents.form.modelBuiltin")}
        </option>
      </ModelChoiceSelect>
    </FormField>
  );
};
