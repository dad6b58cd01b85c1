import { NativeSelect } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../components/form-field";
import { useModelChoices } from "../models/use-model-choices";

export const BUILTIN_RERANK = "builtin-rerank@Builtin";

type Props = { value: string; onChange: (value: string) => void; helper?: string; size?: "sm" | "md" };

// "None", the built-in reranker and the team's rerank models; a chosen model that is gone stays listed as such.
export const RerankSelect = ({ value, onChange, helper, size = "md" }: Props) => {
  const { t } = useTranslation();
  const { configured, missing } = useModelChoices("rerank", BUILTIN_RERANK, value);
  return (
    <FormField label={t("retrieval.rerank")} helper={helper}>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field name="rerank_id" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t("retrieval.rerankNone")}</option>
          <option value={BUILTIN_RERANK}>{t("retrieval.rerankBuiltin")}</option>
          {configured.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {missing && <option value={value}>{t("chatConfig.model.notSetUp", { id: value })}</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
};
