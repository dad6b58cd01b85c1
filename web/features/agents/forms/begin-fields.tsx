import { NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { type BeginInput, InputFieldsEditor } from "./input-fields-editor";
import { WebhookFields } from "./webhook-fields";

export const BEGIN_MODES = ["conversational", "task"] as const;
export type { BeginInput };

// Begin: the greeting shown first, the mode and the inputs a run asks for (keyed by a variable-like name).
export const BeginFields = ({ form, set }: FieldsProps) => {
  const { t } = useTranslation();
  const inputs = (form.inputs ?? {}) as Record<string, BeginInput>;
  return (
    <Stack gap="4">
      <FormField label={t("agents.form.prologue")} helper={t("agents.form.prologueHint")}>
        <Textarea
          name="prologue"
          rows={3}
          value={text(form.prologue)}
          onChange={(e) => set("prologue", e.target.value)}
        />
      </FormField>
      <FormField label={t("agents.form.mode")}>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="mode"
            value={text(form.mode) || "conversational"}
            onChange={(e) => set("mode", e.target.value)}
          >
            {BEGIN_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`agents.form.modes.${mode}`)}
              </option>
            ))}
            <option value="Webhook">{t("agentTriggers.webhook.title")}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {form.mode === "Webhook" && <WebhookFields form={form} set={set} />}
      <InputFieldsEditor
        inputs={inputs}
        onChange={(next) => set("inputs", next)}
        legend={t("agents.form.inputs")}
        hint={t("agents.form.inputsHint")}
      />
    </Stack>
  );
};
