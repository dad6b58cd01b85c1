import { HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FormField } from "./form-field";

const DEFAULT_DAYS = 30;

export type DateRange = { from: string; to: string };

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

// Today and the 29 days before it, as the server's default range.
export const lastDays = (days = DEFAULT_DAYS, today = new Date()): DateRange => {
  const from = new Date(today);
  from.setDate(today.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
};

export const isValidRange = (range: DateRange) => Boolean(range.from && range.to && range.from <= range.to);

// The from/to date inputs of the chat export, the stats and the evaluation page.
export const DateRangeFields = ({ value, onChange }: { value: DateRange; onChange(range: DateRange): void }) => {
  const { t } = useTranslation();
  const invalid = !isValidRange(value);
  return (
    <Stack gap="1">
      <HStack gap="3" align="end">
        <FormField label={t("chat.range.from")}>
          <Input
            type="date"
            name="from"
            value={value.from}
            max={value.to || undefined}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
        </FormField>
        <FormField label={t("chat.range.to")}>
          <Input
            type="date"
            name="to"
            value={value.to}
            min={value.from || undefined}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        </FormField>
      </HStack>
      {invalid && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t("chat.range.invalid")}
        </Text>
      )}
    </Stack>
  );
};
