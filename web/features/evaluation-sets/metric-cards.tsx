import { SimpleGrid, Stat, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { deltaColor, formatDelta, formatMetric, metricsOf } from "./metrics";
import type { EvaluationMetrics } from "./types";

type Props = { metrics: EvaluationMetrics; delta?: Partial<Record<keyof EvaluationMetrics, number>> };

// One card per metric, with the signed difference to another run where given.
export const MetricCards = ({ metrics, delta }: Props) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
      {metricsOf(metrics).map((key) => (
        <Stat.Root key={key} borderWidth="1px" rounded="md" p="3" bg="app.surface" data-testid={`metric-${key}`}>
          <Stat.Label>{t(`evalSets.metrics.${key}`)}</Stat.Label>
          <Stat.ValueText fontVariantNumeric="tabular-nums">{formatMetric(metrics[key])}</Stat.ValueText>
          {delta?.[key] !== undefined && (
            <Text fontSize="sm" fontVariantNumeric="tabular-nums" color={deltaColor(delta[key])}>
              {formatDelta(delta[key])}
            </Text>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
};
