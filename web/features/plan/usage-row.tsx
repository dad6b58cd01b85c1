import { Badge, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { formatUsage, LEVEL_PALETTE, roundPercent, type UsageRow } from "./usage-rows";

// One item of the plan page: value against the limit, a bar coloured by level, what the number means.
export const UsageRowView = ({ row }: { row: UsageRow }) => {
  const { t } = useTranslation();
  const label = t(`plan.items.${row.key}`);
  const value = row.value === null ? t("plan.unknown") : formatUsage(row.value, row.unit);
  return (
    <Stack gap="1.5" data-testid={`usage-${row.key}`} data-level={row.level}>
      <HStack justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Text fontWeight="medium">{label}</Text>
        <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="usage-value">
          {row.limit && row.value !== null
            ? t("plan.of", { value, limit: formatUsage(row.limit.value, row.unit) })
            : value}
        </Text>
      </HStack>
      {row.percent !== null && (
        <Progress.Root value={row.percent} max={100} size="sm" colorPalette={LEVEL_PALETTE[row.level]}>
          <Progress.Track
            rounded="full"
            aria-label={t("plan.usageLabel", { label, percent: roundPercent(row.percent) })}
          >
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
        {row.percent !== null && (
          <Text data-testid="usage-percent">{t("plan.percent", { percent: roundPercent(row.percent) })}</Text>
        )}
        {row.level === "warning" && <Badge colorPalette="orange">{t("plan.warning")}</Badge>}
        {row.level === "exceeded" && <Badge colorPalette="red">{t("plan.exceeded")}</Badge>}
        <Text>
          {row.limit ? (row.limit.kind === "included" ? t("plan.included") : t("plan.hardLimit")) : t("plan.noLimit")}
        </Text>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {t(`plan.hints.${row.key}`)}
      </Text>
    </Stack>
  );
};
