import { Field, Input, Stack, Switch, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldError } from "./config-schema";

export type FieldErrorProp = FieldError | undefined;

type Props = {
  label: string;
  error?: FieldErrorProp;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

// Label, control, hint and translated error; the hint stays visible next to an error because it states the rule.
export const ConfigField = ({ label, error, helper, required, disabled, children }: Props) => {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{t(error.key, error.values ?? {})}</Field.ErrorText>}
    </Field.Root>
  );
};

type NumberProps = Omit<Props, "children"> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  step?: number;
};

export const NumberField = ({ name, value, onChange, min, max, step = 1, ...field }: NumberProps) => (
  <ConfigField {...field}>
    <Input
      type="number"
      name={name}
      value={value}
      min={min}
      max={max}
      step={step}
      inputMode={step < 1 ? "decimal" : "numeric"}
      maxW="48"
      onChange={(e) => onChange(e.target.value)}
    />
  </ConfigField>
);

type SwitchProps = {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

// An on/off setting with the rule it switches stated under it.
export const SwitchField = ({ name, label, hint, checked, onChange }: SwitchProps) => (
  <Stack gap="1">
    <Switch.Root name={name} checked={checked} onCheckedChange={(e) => onChange(e.checked)} colorPalette="teal">
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
    {hint && (
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    )}
  </Stack>
);
