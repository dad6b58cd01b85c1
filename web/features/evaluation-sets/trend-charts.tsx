import { chakra, EmptyState, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ChartLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { runsQueryOptions } from "../../api/evaluation-sets";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { formatDay, formatNumber } from "../../lib/format";
import { formatMetric, type MetricKey, metricsOf, runName } from "./metrics";
import type { EvaluationRunSummary } from "./types";

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };
const dayOf = (ms: number) => formatDay(new Date(ms).toISOString().slice(0, 10));
const GRID = [0, 0.5, 1];

// Theme colours as SVG paint: the semantic tokens switch with light and dark.
const Line = chakra("polyline");
const Dot = chakra("circle");
const Rule = chakra("line");
const Label = chakra("text");

type Point = { x: number; y: number; run: EvaluationRunSummary; value: number };

// One metric across the runs, oldest left; each point names its run and value on hover and to screen readers.
export const MetricChart = ({ metric, runs }: { metric: MetricKey; runs: EvaluationRunSummary[] }) => {
  const { t } = useTranslation();
  const name = (run: EvaluationRunSummary) => runName(run, (date) => t("evalSets.runs.unnamed", { date }));
  const measured = runs.filter((run) => run.metrics?.[metric] !== undefined);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const points: Point[] = measured.map((run, index) => {
    const value = Math.min(1, Math.max(0, run.metrics?.[metric] ?? 0));
    return {
      x: PAD.left + (measured.length === 1 ? innerW / 2 : (index / (measured.length - 1)) * innerW),
      y: PAD.top + (1 - value) * innerH,
      run,
      value,
    };
  });
  const last = points.at(-1);
  const title = t(`evalSets.metrics.${metric}`);
  return (
    <Stack as="figure" gap="2" borderWidth="1px" rounded="md" p="3" bg="app.surface" m="0" data-testid="metric-chart">
      <Text as="figcaption" fontSize="sm" fontWeight="medium">
        {title}
        {last && (
          <Text as="span" color="fg.muted" fontWeight="normal" fontVariantNumeric="tabular-nums">
            {" "}
            · {formatMetric(last.value)}
          </Text>
        )}
      </Text>
      <chakra.svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        w="full"
        h="auto"
        role="img"
        aria-label={t("evalSets.chart.label", {
          metric: title,
          count: points.length,
          last: last ? formatMetric(last.value) : "–",
        })}
      >
        {GRID.map((value) => {
          const y = PAD.top + (1 - value) * innerH;
          return (
            <g key={value}>
              <Rule x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="border" strokeWidth="1" />
              <Label x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="10px" fill="fg.muted">
                {formatNumber(value, 1)}
              </Label>
            </g>
          );
        })}
        {/* the first and the last run's day under the axis */}
        {[points[0], points.length > 1 ? last : undefined].map(
          (point, index) =>
            point && (
              <Label
                key={point.run.id}
                x={point.x}
                y={HEIGHT - 6}
                textAnchor={points.length === 1 ? "middle" : index === 0 ? "start" : "end"}
                fontSize="10px"
                fill="fg.muted"
              >
                {dayOf(point.run.create_time)}
              </Label>
            ),
        )}
        {points.length > 1 && (
          <Line
            points={points.map((point) => `${point.x},${point.y}`).join(" ")}
            fill="none"
            stroke="teal.solid"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        )}
        {points.map((point) => (
          <Dot
            key={point.run.id}
            cx={point.x}
            cy={point.y}
            r="4"
            fill="teal.solid"
            stroke="app.surface"
            strokeWidth="1.5"
            data-testid="chart-point"
          >
            <title>{t("evalSets.chart.point", { run: name(point.run), value: formatMetric(point.value) })}</title>
          </Dot>
        ))}
      </chakra.svg>
    </Stack>
  );
};

// "Over time": one small chart per metric across every finished run of the set.
export const TrendCharts = ({ setId }: { setId: string }) => {
  const { t } = useTranslation();
  const runs = useQuery(runsQueryOptions(setId));
  if (runs.isError) return <RouteErrorMessage error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) return <PageLoader />;
  const done = runs.data.items.filter((run) => run.status === "done" && run.metrics).reverse();
  if (done.length === 0)
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface" mt="2">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <ChartLine />
          </EmptyState.Indicator>
          <EmptyState.Title>{t("evalSets.chart.empty")}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  const metrics = [...new Set(done.flatMap((run) => metricsOf(run.metrics)))];
  return (
    <Stack gap="3" pt="2">
      <Heading as="h2" size="md">
        {t("evalSets.chart.title")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {metrics.map((metric) => (
          <MetricChart key={metric} metric={metric} runs={done} />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
