import { Button, Input, Stack } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChangePasswordSchema } from "../../../worker/contract/users";
import { useChangePasswordMutation } from "../../api/auth";
import { ApiError, ErrorCode } from "../../api/client";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { type FieldErrors, validateForm } from "../../lib/form-errors";
import { SectionHeader } from "./section-header";

const EMPTY = { password: "", new_password: "", confirm_password: "" };

export const PasswordForm = () => {
  const { t } = useTranslation();
  const change = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { output, errors: found } = validateForm(ChangePasswordSchema, values);
    setErrors(found ?? {});
    if (!output) return;
    try {
      await change.mutateAsync({
        password: values.password,
        new_password: values.new_password,
        confirm_password: values.confirm_password,
      });
      setValues(EMPTY);
      notifySuccess(t("settings.passwordChanged"));
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.authentication) {
        setErrors({ password: "settings.wrongCurrentPassword" });
      } else notifyError(error);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[name]} required>
      <Input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => set(name)(e.target.value)}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate>
      <SectionHeader title={t("settings.password")} description={t("settings.passwordDescription")} />
      <Stack gap="5" maxW="md">
        {field("password", t("settings.currentPassword"), "current-password")}
        {field("new_password", t("settings.newPassword"), "new-password")}
        {field("confirm_password", t("settings.confirmPassword"), "new-password")}
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={change.isPending}>
          {t("common.save")}
        </Button>
      </Stack>
    </form>
  );
};
