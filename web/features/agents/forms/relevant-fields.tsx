import { Stack, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { ModelAndQueryFields } from "./query-model-fields";

// Relevant: the model judges the query against a criterion and goes on at "yes" or "no".
export const RelevantFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <ModelAndQueryFields form={form} set={set} variables={variables} />
      <FormField
        label={t("agents.form.criteria")}
        helper={t("agents.form.criteriaHint")}
        error={errors.criteria}
        required
      >
        <Textarea
          name="criteria"
          rows={3}
          value={text(form.criteria)}
          onChange={(e) => set("criteria", e.target.value)}
        />
      </FormField>
    </Stack>
  );
};
