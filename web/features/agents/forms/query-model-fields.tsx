import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { ModelSelect } from "./model-select";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

const KEYWORDS_DEFAULT = 5;

// The model and the query it works on: how RewriteQuestion, KeywordExtract, Relevant and Categorize begin.
export const ModelAndQueryFields = ({ form, set, variables }: Pick<FieldsProps, "form" | "set" | "variables">) => {
  const { t } = useTranslation();
  return (
    <>
      <ModelSelect value={text(form.llm_id)} onChange={(value) => set("llm_id", value)} />
      <VariableTextField
        name="query"
        label={t("agents.form.query")}
        value={text(form.query)}
        onChange={(value) => set("query", value)}
        variables={variables}
        multiline={false}
      />
    </>
  );
};

// RewriteQuestion and KeywordExtract: a model working on the query; keywords also say how many.
export const QueryModelFields = ({ node, form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <ModelAndQueryFields form={form} set={set} variables={variables} />
      {node.data.label === "KeywordExtract" && (
        <NumberField
          name="top_n"
          label={t("agents.form.keywordCount")}
          value={numberOr(form.top_n, KEYWORDS_DEFAULT)}
          onChange={(value) => set("top_n", value)}
          min={1}
          max={50}
        />
      )}
    </Stack>
  );
};
