import { useTranslation } from "react-i18next";
import { type FieldsProps, text } from "./fields-props";
import { VariableTextField } from "./variable-text-field";

// Answer and Template: one text with variable references.
export const ContentFields = ({ node, form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <VariableTextField
      name="content"
      label={t("agents.form.content")}
      helper={t(node.data.label === "Template" ? "agents.form.templateHint" : "agents.form.answerHint")}
      value={text(form.content)}
      onChange={(value) => set("content", value)}
      variables={variables}
      error={errors.content}
      required={node.data.label === "Template"}
      rows={6}
    />
  );
};
