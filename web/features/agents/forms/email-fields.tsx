import { Input, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { COMPONENT_DEFAULTS } from "../../../../worker/contract/agent-components";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

const DEFAULT_PORT = (COMPONENT_DEFAULTS.Email as { smtp_port: number }).smtp_port;

// Email: sent through the given SMTP server; recipient, subject and text may use variables.
export const EmailFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const plain = (key: "smtp_server" | "email" | "password" | "sender_name", type = "text", required = false) => (
    <FormField label={t(`agents.form.email.${key}`)} error={errors[key]} required={required}>
      <Input
        name={key}
        type={type}
        autoComplete={type === "password" ? "new-password" : "off"}
        value={text(form[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  );
  return (
    <Stack gap="4">
      {plain("smtp_server", "text", true)}
      <NumberField
        name="smtp_port"
        label={t("agents.form.email.smtp_port")}
        value={numberOr(form.smtp_port, DEFAULT_PORT)}
        onChange={(value) => set("smtp_port", value)}
        min={1}
        max={65535}
      />
      {plain("email", "email", true)}
      {plain("password", "password", true)}
      {plain("sender_name")}
      <VariableTextField
        name="to"
        label={t("agents.form.email.to")}
        value={text(form.to)}
        onChange={(value) => set("to", value)}
        variables={variables}
        error={errors.to}
        required
        multiline={false}
      />
      <VariableTextField
        name="subject"
        label={t("agents.form.email.subject")}
        value={text(form.subject)}
        onChange={(value) => set("subject", value)}
        variables={variables}
        multiline={false}
      />
      <VariableTextField
        name="content"
        label={t("agents.form.email.content")}
        value={text(form.content)}
        onChange={(value) => set("content", value)}
        variables={variables}
        error={errors.content}
        required
        rows={5}
      />
    </Stack>
  );
};
