import { Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FREEDOMS } from "../../../worker/contract/chats";
import { ConfigField } from "../knowledge/configuration/config-field";
import { ChatModelSelect } from "../models/chat-model-select";
import { applyFreedom, type Freedom, type ModelParameter, setModelParameter, type TabProps } from "./config-form";
import { NumberSlider } from "../../components/number-slider";

const SLIDERS: {
  key: ModelParameter;
  min: number;
  max: number;
  label: "temperature" | "topP" | "presencePenalty" | "frequencyPenalty";
}[] = [
  { key: "temperature", min: 0, max: 2, label: "temperature" },
  { key: "top_p", min: 0, max: 1, label: "topP" },
  { key: "presence_penalty", min: -2, max: 2, label: "presencePenalty" },
  { key: "frequency_penalty", min: -2, max: 2, label: "frequencyPenalty" },
];

export const ModelTab = ({ values, set, errors, change }: TabProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <ChatModelSelect value={values.llmId} onChange={(llmId) => set("llmId", llmId)} />
      <ConfigField label={t("chatConfig.model.freedom")} helper={t("chatConfig.model.freedomHint")}>
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            name="freedom"
            value={values.freedom}
            onChange={(e) => change((current) => applyFreedom(current, e.target.value as Freedom))}
          >
            {FREEDOMS.map((freedom) => (
              <option key={freedom} value={freedom}>
                {t(`chatConfig.model.freedoms.${freedom}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ConfigField>
      {SLIDERS.map((slider) => {
        const label = t(`chatConfig.model.${slider.label}`);
        return (
          <NumberSlider
            key={slider.key}
            name={slider.key}
            label={label}
            inputLabel={t("chatConfig.prompt.valueOf", { label })}
            value={values.parameters[slider.key]}
            onChange={(value) => change((current) => setModelParameter(current, slider.key, value))}
            min={slider.min}
            max={slider.max}
            helper={t(`chatConfig.model.${slider.label}Hint`)}
          />
        );
      })}
      <ConfigField
        label={t("chatConfig.model.maxTokens")}
        helper={t("chatConfig.model.maxTokensHint")}
        error={errors.maxTokens}
        required
      >
        <Input
          name="max_tokens"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          maxW="40"
          value={values.maxTokens}
          onChange={(e) => set("maxTokens", e.target.value)}
        />
      </ConfigField>
    </Stack>
  );
};
