import { Field } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  label: string;
  error?: ParseKeys | undefined;
  helper?: string;
  required?: boolean;
  readOnly?: boolean;
  children: ReactNode;
};

// Label, control, helper text and translated error in one place for every form.
export const FormField = ({ label, error, helper, required, readOnly, children }: Props) => {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
};
