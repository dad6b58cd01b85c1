import { NativeSelect } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { modelsQueryOptions } from "../../api/models";
import { FormField } from "../../components/form-field";
import { optionsFor } from "../models/system-models-page";

export const BUILTIN_RERANK = "builtin-rerank@Builtin";

type Props = { value: string; onChange: (value: string) => void; helper?: string; size?: "sm" | "md" };

// "None", the built-in reranker and the team's rerank models; a chosen model that is gone stays listed as such.
export const RerankSelect = ({ value, onChange, helper, size = "md" }: Props) => {
  const { t } = useTranslation();
  const models = useQuery(modelsQueryOptions());
  const configured = models.data ? optionsFor(models.data, "rerank").filter((option) => option.value !== BUILTIN_RERANK) : [];
  const missing = value !== "" && value !== BUILTIN_RERANK && models.isSuccess && !configured.some((option) => option.value === value);
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
