import { chakra, Field, HStack, Input } from "@chakra-ui/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { FieldError } from "./config-form";

// <input type="color"> only takes #rrggbb: short forms are expanded, alpha is dropped, anything else shows black.
export const swatchValue = (hex: string) => {
  const value = hex.trim();
  if (/^#[0-9a-fA-F]{3}$/.test(value)) return value.replace(/[0-9a-fA-F]/g, (digit) => digit + digit).toLowerCase();
  if (/^#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?$/.test(value)) return value.slice(0, 7).toLowerCase();
  return "#000000";
};

type Props = { name: string; label: string; value: string; onChange: (value: string) => void; error?: FieldError };

// A colour picker and its hex value as text, kept in step.
export const ColorField = ({ name, label, value, onChange, error }: Props) => {
  const { t } = useTranslation();
  const pickerId = useId();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" w="full">
        <chakra.input
          type="color"
          id={pickerId}
          aria-label={t("chatConfig.design.pickerOf", { label })}
          value={swatchValue(value)}
          onChange={(e) => onChange(e.target.value)}
          w="9"
          h="8"
          p="0.5"
          flexShrink="0"
          borderWidth="1px"
          rounded="md"
          bg="transparent"
          cursor="pointer"
        />
        <Input
          size="sm"
          name={name}
          fontFamily="mono"
          maxLength={9}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </HStack>
      {error && <Field.ErrorText>{t(error.key, error.values ?? {})}</Field.ErrorText>}
    </Field.Root>
  );
};
