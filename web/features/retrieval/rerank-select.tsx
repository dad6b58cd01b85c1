import { useTranslation } from "react-i18next";
import { FormField } from "../../components/form-field";
import { BUILTIN_RERANK_ID } from "../../../worker/contract/models";
import { ModelChoiceSelect } from "../models/model-choice-options";
import { useModelChoices } from "../models/use-model-choices";

type Props = { value: string; onChange: (value: string) => void; helper?: string; size?: "sm" | "md" };

// "None", the built-in reranker and the team's rerank models; a chosen model that is gone stays listed as such.
export const RerankSelect = ({ value, onChange, helper, size = "md" }: Props) => {
  const { t } = useTranslation();
  const choices = useModelChoices("rerank", BUILTIN_RERANK_ID, value);
  return (
    <FormField label={t("retrieval.rerank")} helper={helper}>
      <ModelChoiceSelect
        name="rerank_id"
        size={size}
        value={value}
        onChange={onChange}
        choices={choices}
        missingLabel={t("chatConfig.model.notSetUp", { id: value })}
      >
        <option value="">{t("retrieval.rerankNone")}</option>
        <option value={BUILTIN_RERANK_ID}>{t("retrieval.rerankBuiltin")}</option>
      </ModelChoiceSelect>
    </FormField>
  );
};
