import {
  Badge,
  Button,
  EmptyState,
  Grid,
  HStack,
  NativeSelect,
  SegmentGroup,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, GitCompare, Wand2 } from "lucide-react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { compareQueryOptions, runsQueryOptions } from "../../api/evaluation-sets";
import { FormField } from "../../components/form-field";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { ApplyDialog } from "./apply-dialog";
import { ChunkList } from "./chunk-list";
import { deltaColor, formatDelta, formatMetric, metricsOf, runName } from "./metrics";
import type { EvaluationRunSummary, EvaluationSet, RunComparison } from "./types";

const FILTERS = ["all", "better", "worse", "same"] as const;
type Filter = (typeof FILTERS)[number];
const CHANGE_PALETTE = { better: "green", worse: "red", same: "gray" } as const;

const RunPicker = ({
  label,
  value,
  runs,
  onChange,
}: {
  label: string;
  value: string;
  runs: EvaluationRunSummary[];
  onChange(id: string): void;
}) => {
  const { t } = useTranslation();
  return (
    <FormField label={label}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">–</option>
          {runs.map((run) => (
            <option key={run.id} value={run.id}>
              {runName(run, (date) => t("evalSets.runs.unnamed", { date }))}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
};

const MetricsTable = ({ comparison }: { comparison: RunComparison }) => {
  const { t } = useTranslation();
  const keys = metricsOf(comparison.a.metrics).filter((key) => comparison.b.metrics?.[key] !== undefined);
  // the answer checks' difference may be left out where a run made none
  const delta = (key: (typeof keys)[number]) =>
    comparison.delta[key] ?? (comparison.b.metrics?.[key] ?? 0) - (comparison.a.metrics?.[key] ?? 0);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface">
      <Table.Root size="sm" data-testid="compare-metrics">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("evalSets.compare.metric")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("evalSets.compare.a")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("evalSets.compare.b")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("evalSets.compare.delta")}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {keys.map((key) => (
            <Table.Row key={key} data-testid={`delta-${key}`}>
              <Table.Cell>{t(`evalSets.metrics.${key}`)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatMetric(comparison.a.metrics?.[key])}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatMetric(comparison.b.metrics?.[key])}
              </Table.Cell>
              <Table.Cell
                textAlign="end"
                fontVariantNumeric="tabular-nums"
                fontWeight="semibold"
                color={deltaColor(delta(key))}
              >
                {formatDelta(delta(key))}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};

const QuestionChanges = ({ comparison }: { comparison: RunComparison }) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>("all");
  const [open, setOpen] = useState<string[]>([]);
  const rows = comparison.questions.filter((row) => filter === "all" || row.change === filter);
  const count = (value: Filter) =>
    value === "all" ? comparison.questions.length : comparison.questions.filter((row) => row.change === value).length;
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium" id="compare-filter-label">
          {t("evalSets.compare.filter")}
        </Text>
        <SegmentGroup.Root
          size="sm"
          value={filter}
          onValueChange={(e) => setFilter((e.value as Filter | null) ?? "all")}
          aria-labelledby="compare-filter-label"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={FILTERS.map((value) => ({
              value,
              label: `${t(`evalSets.compare.filters.${value}`)} (${count(value)})`,
            }))}
          />
        </SegmentGroup.Root>
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t("evalSets.compare.noQuestions")}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="10">
                  <Text srOnly>{t("evalSets.detail.showChunks")}</Text>
                </Table.ColumnHeader>
                <Table.ColumnHeader minW="64">{t("evalSets.questions.question")}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t("evalSets.compare.rankA")}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t("evalSets.compare.rankB")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("evalSets.compare.change")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => {
                const expanded = open.includes(row.question_id);
                return (
                  <Fragment key={row.question_id}>
                    <Table.Row data-testid="compare-row" data-change={row.change}>
                      <Table.Cell>
                        <Button
                          size="2xs"
                          variant="ghost"
                          aria-expanded={expanded}
                          aria-label={t(expanded ? "evalSets.detail.hideChunks" : "evalSets.detail.showChunks")}
                          onClick={() =>
                            setOpen((ids) =>
                              expanded ? ids.filter((id) => id !== row.question_id) : [...ids, row.question_id],
                            )
                          }
                        >
                          {expanded ? <ChevronDown /> : <ChevronRight />}
                        </Button>
                      </Table.Cell>
                      <Table.Cell overflowWrap="anywhere">{row.question}</Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {row.a_rank ?? t("evalSets.detail.noHit")}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {row.b_rank ?? t("evalSets.detail.noHit")}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={CHANGE_PALETTE[row.change]} variant="subtle">
                          {t(`evalSets.compare.changes.${row.change}`)}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                    {expanded && (
                      <Table.Row>
                        <Table.Cell colSpan={5} bg="bg.subtle">
                          <Grid templateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="4">
                            <Stack gap="2">
                              <Text fontSize="sm" fontWeight="medium">
                                {t("evalSets.compare.chunksA")}
                              </Text>
                              <ChunkList chunks={row.a_chunks} label={t("evalSets.compare.chunksA")} />
                            </Stack>
                            <Stack gap="2">
                              <Text fontSize="sm" fontWeight="medium">
                                {t("evalSets.compare.chunksB")}
                              </Text>
                              <ChunkList chunks={row.b_chunks} label={t("evalSets.compare.chunksB")} />
                            </Stack>
                          </Grid>
                        </Table.Cell>
                      </Table.Row>
                    )}
                  </Fragment>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
};

type Props = { set: EvaluationSet; a?: string; b?: string; onPick(a: string | undefined, b: string | undefined): void };

// Two finished runs side by side: the metrics with B − A, each question better/worse/same with the chunks each
// found, and the better run's settings applied in one step.
export const ComparePanel = ({ set, a, b, onPick }: Props) => {
  const { t } = useTranslation();
  const runs = useQuery(runsQueryOptions(set.id));
  const done = (runs.data?.items ?? []).filter((run) => run.status === "done");
  // without a choice in the URL: the newest finished run against the one before it
  const runA = a ?? done[1]?.id ?? "";
  const runB = b ?? done[0]?.id ?? "";
  const ready = Boolean(runA && runB && runA !== runB);
  const comparison = useQuery({ ...compareQueryOptions(runA, runB), enabled: ready });
  const [applying, setApplying] = useState(false);

  if (runs.isError) return <RouteErrorMessage error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) return <PageLoader />;
  if (done.length < 2)
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface" mt="2">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <GitCompare />
          </EmptyState.Indicator>
          <EmptyState.Title>{t("evalSets.compare.needTwo")}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );

  const better =
    comparison.data && ((comparison.data.delta.ndcg_at_10 ?? 0) >= 0 ? comparison.data.b : comparison.data.a);
  return (
    <Stack gap="5" pt="2">
      <Grid templateColumns={{ base: "1fr", md: "1fr 1fr auto" }} gap="4" alignItems="end">
        <RunPicker label={t("evalSets.compare.a")} value={runA} runs={done} onChange={(id) => onPick(id, runB)} />
        <RunPicker label={t("evalSets.compare.b")} value={runB} runs={done} onChange={(id) => onPick(runA, id)} />
        <Button colorPalette="teal" disabled={!better} onClick={() => setApplying(true)}>
          <Wand2 /> {t("evalSets.compare.apply")}
        </Button>
      </Grid>
      {!ready ? (
        <Text color="fg.muted">{t("evalSets.compare.pickTwo")}</Text>
      ) : comparison.isError ? (
        <RouteErrorMessage error={comparison.error} onRetry={() => void comparison.refetch()} />
      ) : !comparison.data ? (
        <PageLoader />
      ) : (
        <>
          <MetricsTable comparison={comparison.data} />
          <QuestionChanges comparison={comparison.data} />
        </>
      )}
      {applying && better && (
        <ApplyDialog
          run={better}
          runLabel={runName(better, (date) => t("evalSets.runs.unnamed", { date }))}
          set={set}
          onClose={() => setApplying(false)}
        />
      )}
    </Stack>
  );
};
