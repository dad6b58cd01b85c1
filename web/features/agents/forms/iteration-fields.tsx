import { Input, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { VariableSelect } from "./variable-select";

// Iteration: splits a variable's text into items and runs its inner components once per item.
export const IterationFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <FormField
        label={t("agents.form.itemsRef")}
        helper={t("agents.form.itemsRefHint")}
        error={errors.items_ref}
        required
      >
        <VariableSelect
          name="items_ref"
          label={t("agents.form.itemsRef")}
          value={text(form.items_ref)}
          onChange={(value) => set("items_ref", value)}
          variables={variables}
        />
      </FormField>
      <FormField label={t("agents.form.delimiter")} helper={t("agents.form.delimiterHint")}>
        <Input
          name="delimiter"
          maxW="24"
          fontFamily="mono"
          value={text(form.delimiter)}
          onChange={(e) => set("delimiter", e.target.value)}
        />
      </FormField>
      <Text fontSize="sm" color="fg.muted">
        {t("agents.form.iterationHint")}
      </Text>
    </Stack>
  );
};
