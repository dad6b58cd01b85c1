import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { EXTRACTOR_FIELDS } from "../../../../worker/contract/dataflow";
import { isPlainObject } from "../../../../worker/contract/pydantic";
import { FormField } from "../../../components/form-field";
import { NumberSlider } from "../../../components/number-slider";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { ModelSelect } from "./model-select";
import { NumberField } from "./number-field";
import { Choice } from "./row-list";
import { VariableTextField } from "./variable-text-field";

type Prompt = { role: string; content: string };

const promptsOf = (value: unknown): Prompt[] =>
  Array.isArray(value)
    ? value
        .filter(isPlainObject)
        .map((item) => ({ role: String(item.role ?? "user"), content: String(item.content ?? "") }))
    : [];

// RAGFlow's Extractor ("context generator"): a language model reads each chunk and writes its answer into the
// chunk's field (summary, keywords, questions or metadata).
export const ExtractorFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const prompts = promptsOf(form.prompts);
  const user = prompts.find((prompt) => prompt.role === "user")?.content ?? "";
  const setUser = (content: string) =>
    set("prompts", [...prompts.filter((prompt) => prompt.role !== "user"), { role: "user", content }]);
  const temperature = t("agents.form.temperature");
  return (
    <Stack gap="4">
      <ModelSelect value={text(form.llm_id)} onChange={(value) => set("llm_id", value)} />
      <FormField
        label={t("pipelines.extractor.fieldName")}
        helper={t("pipelines.extractor.fieldNameHint")}
        error={errors.field_name}
        required
      >
        <Choice
          name="field_name"
          label={t("pipelines.extractor.fieldName")}
          value={EXTRACTOR_FIELDS.find((field) => field === form.field_name)}
          options={EXTRACTOR_FIELDS}
          labelOf={(field) => t(`pipelines.extractor.fields.${field}`)}
          onChange={(field) => set("field_name", field)}
        />
      </FormField>
      <VariableTextField
        name="sys_prompt"
        label={t("agents.form.sysPrompt")}
        helper={t("pipelines.extractor.sysPromptHint")}
        value={text(form.sys_prompt)}
        onChange={(value) => set("sys_prompt", value)}
        variables={variables}
        rows={5}
      />
      <VariableTextField
        name="prompt"
        label={t("agents.form.prompt")}
        helper={t("pipelines.extractor.promptHint")}
        value={user}
        onChange={setUser}
        variables={variables}
        error={errors.prompts}
        required
        rows={3}
      />
      <NumberSlider
        name="temperature"
        label={temperature}
        inputLabel={t("agents.form.valueOf", { label: temperature })}
        value={numberOr(form.temperature, 0.1)}
        onChange={(value) => set("temperature", value)}
        min={0}
        max={2}
      />
      <NumberField
        name="max_tokens"
        label={t("agents.form.maxTokens")}
        value={numberOr(form.max_tokens, 256)}
        onChange={(value) => set("max_tokens", value)}
        min={1}
        max={1_000_000}
      />
    </Stack>
  );
};
