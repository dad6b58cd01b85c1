import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type FieldError, fieldMessage } from "../lib/form-errors";

type Props = {
  label: string;
  error?: FieldError | undefined;
  helper?: string;
  required?: boolean;
  readOnly?: boolean;
  children: ReactNode;
};

// Label, control, helper text and translated error in one place for every form.
export const FormField = ({ label, error, helper, required, readOnly, children }: Props) => {
  const { t } = useTranslation();
  const message = error && fieldMessage(error);
  return (
    <Field.Root invalid={Boolean(error)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {message && <Field.ErrorText>{t(message.key, message.values ?? {})}</Field.ErrorText>}
    </Field.Root>
  );
};
