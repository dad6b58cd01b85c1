import { useTranslation } from "react-i18next";
import { BUILTIN_CHAT_ID } from "../../../../worker/contract/chats";
import { FormField } from "../../../components/form-field";
import { ModelChoiceSelect } from "../../models/model-choice-options";
import { useModelChoices } from "../../models/use-model-choices";

// The team's default chat model (empty), the built-in offline model (it writes no text of its own; the
// components fall back to simple word matching) or one of the enabled chat models.
export const ModelSelect = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => {
  const { t } = useTranslation();
  const choices = useModelChoices("chat", BUILTIN_CHAT_ID, value);
  return (
    <FormField label={t("agents.form.model")} helper={t("agents.form.modelHint")}>
      <ModelChoiceSelect
        name="llm_id"
        value={value}
        onChange={onChange}
        choices={choices}
        missingLabel={t("agents.form.modelMissing", { id: value })}
      >
        <option value="">{t("agents.form.modelDefault")}</option>
        <option value={BUILTIN_CHAT_ID}>{t("agents.form.modelBuiltin")}</option>
      </ModelChoiceSelect>
    </FormField>
  );
};
