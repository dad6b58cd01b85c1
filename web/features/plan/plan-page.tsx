import { Alert, Badge, HStack, Link, Separator, SimpleGrid, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CF_PLANS, PLAN_LIMITS, PRICING_URL, USAGE_KEYS, USAGE_UNITS } from "../../../worker/contract/usage";
import { usageQueryOptions } from "../../api/usage";
import { RouteErrorMessage } from "../../components/route-error";
import { SectionHeader } from "../settings/section-header";
import { UsageRowView } from "./usage-row";
import { formatDay } from "../../lib/format";
import { formatUsage, usageRows } from "./usage-rows";

// Both plans' limits side by side, from the same table the worker answers with.
const PlanComparison = () => {
  const { t } = useTranslation();
  const limited = USAGE_KEYS.filter((key) => CF_PLANS.some((plan) => PLAN_LIMITS[plan][key]));
  return (
    <Table.Root size="sm" variant="outline" aria-label={t("plan.compare")}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t("plan.limitColumn")}</Table.ColumnHeader>
          {CF_PLANS.map((plan) => (
            <Table.ColumnHeader key={plan}>{t(`plan.plans.${plan}`)}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {limited.map((key) => (
          <Table.Row key={key}>
            <Table.Cell>{t(`plan.items.${key}`)}</Table.Cell>
            {CF_PLANS.map((plan) => {
              const limit = PLAN_LIMITS[plan][key];
              return (
                <Table.Cell key={plan} fontVariantNumeric="tabular-nums">
                  {limit
                    ? `${formatUsage(limit.value, USAGE_UNITS[key])} (${limit.kind === "included" ? t("plan.included") : t("plan.hardLimit")})`
                    : "—"}
                </Table.Cell>
              );
            })}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
};

export const PlanPage = () => {
  const { t } = useTranslation();
  const query = useQuery(usageQueryOptions());
  return (
    <Stack gap="6">
      <SectionHeader title={t("plan.title")} description={t("plan.description")} />
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="4" aria-busy="true">
          <Skeleton h="8" w="48" />
          <Skeleton h="48" rounded="lg" />
        </Stack>
      ) : (
        <>
          <HStack gap="3" wrap="wrap">
            <Text color="fg.muted">{t("plan.current")}</Text>
            <Badge size="lg" colorPalette="teal" data-testid="current-plan">
              {t(`plan.plans.${query.data.plan}`)}
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {t("plan.asOf", { day: formatDay(query.data.day) })}
            </Text>
          </HStack>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" as="section" aria-label={t("plan.title")}>
            {usageRows(query.data).map((row) => (
              <UsageRowView key={row.key} row={row} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Separator />
      <Stack gap="3" as="section" aria-label={t("plan.compare")}>
        <PlanComparison />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("plan.changeTitle")}</Alert.Title>
            <Alert.Description>
              <Stack gap="2">
                <Text>{t("plan.changeBody")}</Text>
                <Link href={PRICING_URL} target="_blank" rel="noreferrer" color="brand.fg" fontWeight="medium">
                  {t("plan.pricing")} <ExternalLink size={14} aria-hidden />
                </Link>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    </Stack>
  );
};
