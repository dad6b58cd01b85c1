import { Button, Field, HStack, IconButton, Input, Stack } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";

type Props = {
  name: string;
  label: string;
  // the label of one row's input ("H2", "Trennzeichen 3")
  itemLabel: (index: number) => string;
  values: string[];
  onChange: (values: string[]) => void;
  addLabel: string;
  // shown and written as typed, e.g. \n for a line break
  show?: (value: string) => string;
  read?: (text: string) => string;
  // rows whose text is wrong (an invalid regular expression)
  invalidAt?: (value: string) => boolean;
  error?: ParseKeys;
  helper?: string;
};

const same = (value: string) => value;

// An editable list of short texts (delimiters, regular expressions): one input per row with its remove button.
export const StringListField = ({
  name,
  label,
  itemLabel,
  values,
  onChange,
  addLabel,
  show = same,
  read = same,
  invalidAt,
  error,
  helper,
}: Props) => {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="1.5" w="full" role="group" aria-label={label}>
        {values.map((value, index) => (
          <HStack key={index} gap="1.5">
            <Input
              size="sm"
              name={`${name}.${index}`}
              fontFamily="mono"
              spellCheck={false}
              aria-label={itemLabel(index)}
              aria-invalid={invalidAt?.(value) || undefined}
              borderColor={invalidAt?.(value) ? "border.error" : undefined}
              value={show(value)}
              onChange={(e) => onChange(values.map((item, i) => (i === index ? read(e.target.value) : item)))}
            />
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t("pipelines.list.remove", { name: itemLabel(index) })}
              onClick={() => onChange(values.filter((_, i) => i !== index))}
            >
              <Trash2 />
            </IconButton>
          </HStack>
        ))}
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => onChange([...values, ""])}>
          <Plus /> {addLabel}
        </Button>
      </Stack>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
};
