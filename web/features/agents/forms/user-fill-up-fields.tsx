import { Stack, Switch } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { type FieldsProps, text } from "./fields-props";
import { type BeginInput, InputFieldsEditor } from "./input-fields-editor";
import { VariableTextField } from "./variable-text-field";

// UserFillUp: the question shown when the run pauses (tips, with variables) and the fields the user fills in.
export const UserFillUpFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const tipsOn = form.enable_tips !== false;
  return (
    <Stack gap="4">
      <Switch.Root
        size="sm"
        colorPalette="teal"
        checked={tipsOn}
        onCheckedChange={(e) => set("enable_tips", e.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t("agents.fillUp.enableTips")}</Switch.Label>
      </Switch.Root>
      {tipsOn && (
        <VariableTextField
          name="tips"
          label={t("agents.fillUp.tips")}
          helper={t("agents.fillUp.tipsHint")}
          value={text(form.tips)}
          onChange={(value) => set("tips", value)}
          variables={variables}
          error={errors.tips}
          rows={4}
        />
      )}
      <InputFieldsEditor
        inputs={(form.inputs ?? {}) as Record<string, BeginInput>}
        onChange={(next) => set("inputs", next)}
        legend={t("agents.fillUp.fields")}
        hint={t("agents.fillUp.fieldsHint")}
      />
    </Stack>
  );
};
