import { Card, Heading, HStack, Progress, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { usageQueryOptions } from "../../api/usage";
import { RouteErrorMessage } from "../../components/route-error";
import { formatUsage, LEVEL_PALETTE, roundPercent, usageRows } from "../plan/usage-rows";

const SUMMARY_KEYS = ["requests_today", "storage_bytes", "vector_dimensions", "documents"] as const;

// The plan page in four lines: requests today, storage, vector dimensions, documents.
export const UsageSummary = () => {
  const { t } = useTranslation();
  const query = useQuery(usageQueryOptions());
  const rows = query.data
    ? usageRows(query.data).filter((row) => (SUMMARY_KEYS as readonly string[]).includes(row.key))
    : [];
  return (
    <Card.Root as="section" aria-labelledby="home-usage" bg="app.surface" data-testid="home-card-usage">
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <HStack gap="2">
            <Gauge size={18} aria-hidden />
            <Heading as="h2" size="md" id="home-usage">
              {t("home.usage.title")}
            </Heading>
          </HStack>
          {query.data && (
            <Text fontSize="sm" color="fg.muted">
              {t(`plan.plans.${query.data.plan}`)}
            </Text>
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="3" gap="3">
        {query.isError ? (
          <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Skeleton h="24" aria-busy="true" />
        ) : (
          rows.map((row) => (
            <Stack key={row.key} gap="1" data-testid={`home-usage-${row.key}`}>
              <HStack justify="space-between" fontSize="sm">
                <Text>{t(`plan.items.${row.key}`)}</Text>
                <Text fontVariantNumeric="tabular-nums" color="fg.muted">
                  {row.value === null ? t("plan.unknown") : formatUsage(row.value, row.unit)}
                  {row.percent !== null && ` · ${t("plan.percent", { percent: roundPercent(row.percent) })}`}
                </Text>
              </HStack>
              {row.percent !== null && (
                <Progress.Root value={row.percent} size="xs" colorPalette={LEVEL_PALETTE[row.level]}>
                  <Progress.Track
                    rounded="full"
                    aria-label={t("plan.usageLabel", {
                      label: t(`plan.items.${row.key}`),
                      percent: roundPercent(row.percent),
                    })}
                  >
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
            </Stack>
          ))
        )}
        <Link to="/profile-setting/plan">
          <Text fontSize="sm" color="brand.fg" fontWeight="medium">
            {t("home.usage.details")}
          </Text>
        </Link>
      </Card.Body>
    </Card.Root>
  );
};
