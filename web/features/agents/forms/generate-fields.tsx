import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { COMPONENT_DEFAULTS } from "../../../../worker/contract/agent-components";
import { NumberSlider } from "../../../components/number-slider";
import { SettingSwitch } from "../../chat/assistants/setting-switch";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { ModelSelect } from "./model-select";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

const DEFAULTS = COMPONENT_DEFAULTS.Generate as { temperature: number; max_tokens: number };

export const GenerateFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const temperature = t("agents.form.temperature");
  return (
    <Stack gap="4">
      <ModelSelect value={text(form.llm_id)} onChange={(value) => set("llm_id", value)} />
      <VariableTextField name="sys_prompt" label={t("agents.form.sysPrompt")} helper={t("agents.form.sysPromptHint")} value={text(form.sys_prompt)} onChange={(value) => set("sys_prompt", value)} variables={variables} rows={5} />
      <VariableTextField name="prompt" label={t("agents.form.prompt")} helper={t("agents.form.promptHint")} value={text(form.prompt)} onChange={(value) => set("prompt", value)} variables={variables} error={errors.prompt} required rows={4} />
      <NumberSlider
        name="temperature"
        label={temperature}
        inputLabel={t("agents.form.valueOf", { label: temperature })}
        value={numberOr(form.temperature, DEFAULTS.temperature)}
        onChange={(value) => set("temperature", value)}
        min={0}
        max={2}
        helper={t("agents.form.temperatureHint")}
      />
      <NumberField name="max_tokens" label={t("agents.form.maxTokens")} value={numberOr(form.max_tokens, DEFAULTS.max_tokens)} onChange={(value) => set("max_tokens", value)} min={1} max={1_000_000} />
      <SettingSwitch name="cite" label={t("agents.form.cite")} hint={t("agents.form.citeHint")} checked={form.cite !== false} onChange={(checked) => set("cite", checked)} />
    </Stack>
  );
};
