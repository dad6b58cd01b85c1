import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { COMPONENT_DEFAULTS } from "../../../../worker/contract/agent-components";
import { NumberSlider } from "../../../components/number-slider";
import { SettingSwitch } from "../../../components/setting-switch";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { ModelSelect } from "./model-select";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

const DEFAULTS = COMPONENT_DEFAULTS.Generate as {
  temperature: number;
  max_tokens: number;
  message_history_window_size: number;
};

// Sent only while switched on (RAGFlow's per-parameter switches), with the value a new switch starts from.
const SAMPLING = [
  { key: "top_p", label: "agents.form.topP", hint: "agents.form.topPHint", start: 0.3, max: 1 },
  {
    key: "presence_penalty",
    label: "agents.form.presencePenalty",
    hint: "agents.form.presencePenaltyHint",
    start: 0.4,
    max: 2,
  },
  {
    key: "frequency_penalty",
    label: "agents.form.frequencyPenalty",
    hint: "agents.form.frequencyPenaltyHint",
    start: 0.7,
    max: 2,
  },
] as const;

export const GenerateFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const temperature = t("agents.form.temperature");
  return (
    <Stack gap="4">
      <ModelSelect value={text(form.llm_id)} onChange={(value) => set("llm_id", value)} />
      <VariableTextField
        name="sys_prompt"
        label={t("agents.form.sysPrompt")}
        helper={t("agents.form.sysPromptHint")}
        value={text(form.sys_prompt)}
        onChange={(value) => set("sys_prompt", value)}
        variables={variables}
        rows={5}
      />
      <VariableTextField
        name="prompt"
        label={t("agents.form.prompt")}
        helper={t("agents.form.promptHint")}
        value={text(form.prompt)}
        onChange={(value) => set("prompt", value)}
        variables={variables}
        error={errors.prompt}
        required
        rows={4}
      />
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
      <NumberField
        name="max_tokens"
        label={t("agents.form.maxTokens")}
        value={numberOr(form.max_tokens, DEFAULTS.max_tokens)}
        onChange={(value) => set("max_tokens", value)}
        min={1}
        max={1_000_000}
      />
      <NumberField
        name="message_history_window_size"
        label={t("agents.form.historyWindow")}
        helper={t("agents.form.historyWindowHint")}
        value={numberOr(form.message_history_window_size, DEFAULTS.message_history_window_size)}
        onChange={(value) => set("message_history_window_size", value)}
        min={0}
        max={50}
      />
      {SAMPLING.map(({ key, label, hint, start, max }) => {
        const on = typeof form[key] === "number";
        return (
          <Stack key={key} gap="2">
            <SettingSwitch
              name={`${key}_enabled`}
              label={t(label)}
              hint={t(hint)}
              checked={on}
              onChange={(checked) => set(key, checked ? start : undefined)}
            />
            {on && (
              <NumberSlider
                name={key}
                label={t(label)}
                inputLabel={t("agents.form.valueOf", { label: t(label) })}
                value={numberOr(form[key], start)}
                onChange={(value) => set(key, value)}
                min={0}
                max={max}
              />
            )}
          </Stack>
        );
      })}
      <SettingSwitch
        name="cite"
        label={t("agents.form.cite")}
        hint={t("agents.form.citeHint")}
        checked={form.cite !== false}
        onChange={(checked) => set("cite", checked)}
      />
    </Stack>
  );
};
