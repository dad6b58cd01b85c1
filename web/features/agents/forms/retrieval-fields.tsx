import { Stack, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { COMPONENT_DEFAULTS } from "../../../../worker/contract/agent-components";
import { FormField } from "../../../components/form-field";
import { NumberSlider } from "../../../components/number-slider";
import { SettingSwitch } from "../../../components/setting-switch";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { CrossLanguagesField } from "../../retrieval/cross-languages-field";
import { RerankSelect } from "../../retrieval/rerank-select";
import { KnowledgeBaseSelect } from "./knowledge-base-select";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

const DEFAULTS = COMPONENT_DEFAULTS.Retrieval as {
  similarity_threshold: number;
  keywords_similarity_weight: number;
  top_n: number;
};

export const RetrievalFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const slider = (key: "similarity_threshold" | "keywords_similarity_weight", label: string, hint: string) => (
    <NumberSlider
      name={key}
      label={label}
      inputLabel={t("agents.form.valueOf", { label })}
      value={numberOr(form[key], DEFAULTS[key])}
      onChange={(value) => set(key, value)}
      min={0}
      max={1}
      helper={hint}
    />
  );
  return (
    <Stack gap="4">
      <KnowledgeBaseSelect
        value={(form.kb_ids ?? []) as string[]}
        onChange={(ids) => set("kb_ids", ids)}
        error={errors.kb_ids}
      />
      <VariableTextField
        name="query"
        label={t("agents.form.query")}
        helper={t("agents.form.queryHint")}
        value={text(form.query)}
        onChange={(value) => set("query", value)}
        variables={variables}
        multiline={false}
      />
      {slider("similarity_threshold", t("agents.form.similarityThreshold"), t("agents.form.similarityThresholdHint"))}
      {slider("keywords_similarity_weight", t("agents.form.keywordWeight"), t("agents.form.keywordWeightHint"))}
      <NumberField
        name="top_n"
        label={t("agents.form.topN")}
        value={numberOr(form.top_n, DEFAULTS.top_n)}
        onChange={(value) => set("top_n", value)}
        min={1}
        max={100}
      />
      <RerankSelect
        value={text(form.rerank_id)}
        onChange={(value) => set("rerank_id", value)}
        helper={t("retrieval.rerankHint")}
      />
      <CrossLanguagesField
        value={(form.cross_languages ?? []) as string[]}
        onChange={(languages) => set("cross_languages", languages)}
      />
      <SettingSwitch
        name="use_kg"
        label={t("agents.form.useKg")}
        hint={t("agents.form.useKgHint")}
        checked={form.use_kg === true}
        onChange={(checked) => set("use_kg", checked)}
      />
      <FormField label={t("agents.form.emptyResponse")} helper={t("agents.form.emptyResponseHint")}>
        <Textarea
          name="empty_response"
          rows={2}
          value={text(form.empty_response)}
          onChange={(e) => set("empty_response", e.target.value)}
        />
      </FormField>
    </Stack>
  );
};
