import { Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";

export const NoteFields = ({ form, set }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <FormField label={t("agents.form.noteText")}>
      <Textarea name="text" rows={6} value={text(form.text)} onChange={(e) => set("text", e.target.value)} />
    </FormField>
  );
};
