import { Alert, Input, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { ModelSelect } from "./model-select";

// RAGFlow's Compiler (its knowledge compiler's pipeline step); the note says what Buddy does with it.
export const CompilerFields = ({ form, set, errors }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <Alert.Root status="info" variant="subtle" size="sm" data-testid="compiler-note">
        <Alert.Indicator />
        <Alert.Description>{t("pipelines.compiler.note")}</Alert.Description>
      </Alert.Root>
      <FormField
        label={t("pipelines.compiler.templateGroup")}
        helper={t("pipelines.compiler.templateGroupHint")}
        error={errors.compilation_template_group_id}
      >
        <Input
          name="compilation_template_group_id"
          size="sm"
          value={text(form.compilation_template_group_id)}
          onChange={(e) => set("compilation_template_group_id", e.target.value)}
        />
      </FormField>
      <ModelSelect value={text(form.llm_id)} onChange={(value) => set("llm_id", value)} />
    </Stack>
  );
};
