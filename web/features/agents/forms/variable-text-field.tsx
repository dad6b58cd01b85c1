import { Field, HStack, Input, Textarea } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { insertAt, type VariableOption } from "../model/variables";
import { VariableMenu } from "./variable-menu";

type Props = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  variables: VariableOption[];
  error?: ParseKeys;
  helper?: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
};

// A text that may contain variable references; the menu beside the label inserts one where the cursor is.
export const VariableTextField = ({
  name,
  label,
  value,
  onChange,
  variables,
  error,
  helper,
  required,
  multiline = true,
  rows = 4,
}: Props) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const insert = (reference: string) => {
    const element = ref.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, reference);
    onChange(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <HStack justify="space-between" w="full" gap="2">
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <VariableMenu variables={variables} onPick={insert} fieldLabel={label} />
      </HStack>
      {multiline ? (
        <Textarea
          ref={ref}
          name={name}
          value={value}
          rows={rows}
          fontFamily="mono"
          fontSize="sm"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input
          ref={ref}
          name={name}
          value={value}
          fontFamily="mono"
          fontSize="sm"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
};
