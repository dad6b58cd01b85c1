import { Alert, Button, DataList, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ChevronDown, ChevronRight } from "lucide-react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { runQueryOptions } from "../../api/evaluation-sets";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { formatCount, formatDateTime, formatNumber } from "../../lib/format";
import { ChunkList } from "./chunk-list";
import { MetricCards } from "./metric-cards";
import { formatMetric, runName } from "./metrics";
import { RunStatus } from "./run-status";
import type { RetrievalSettings } from "./types";

const SettingsList = ({ settings }: { settings: RetrievalSettings }) => {
  const { t } = useTranslation();
  const shown = (value: unknown) =>
    typeof value === "boolean"
      ? t(value ? "evalSets.detail.on" : "evalSets.detail.off")
      : Array.isArray(value)
        ? value.join(", ")
        : typeof value === "number"
          ? Number.isInteger(value)
            ? formatCount(value)
            : formatNumber(value)
          : String(value);
  const entries = Object.entries(settings).filter(
    ([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0),
  ) as [keyof RetrievalSettings, unknown][];
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="run-settings">
      {entries.map(([key, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel>{t(`evalSets.detail.setting.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue>{shown(value)}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
};

// One run: its metrics, its settings and each question's result with the chunks found (expandable).
export const RunDetail = ({ runId, onBack }: { runId: string; onBack(): void }) => {
  const { t } = useTranslation();
  const run = useQuery(runQueryOptions(runId));
  const [open, setOpen] = useState<string[]>([]);
  const toggle = (id: string) =>
    setOpen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  return (
    <Stack gap="5" pt="2">
      <Button size="sm" variant="ghost" alignSelf="start" onClick={onBack}>
        <ArrowLeft /> {t("evalSets.detail.back")}
      </Button>
      {run.isError ? (
        <RouteErrorMessage error={run.error} onRetry={() => void run.refetch()} />
      ) : !run.data ? (
        <PageLoader />
      ) : (
        <>
          <HStack justify="space-between" wrap="wrap" gap="3" align="start">
            <Stack gap="1">
              <Heading as="h2" size="lg">
                {runName(run.data, (date) => t("evalSets.runs.unnamed", { date }))}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(run.data.create_time)}
              </Text>
            </Stack>
            <RunStatus run={run.data} />
          </HStack>
          {run.data.status === "failed" && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{t("evalSets.detail.failed", { error: run.data.error ?? "" })}</Alert.Title>
            </Alert.Root>
          )}
          {run.data.metrics ? (
            <MetricCards metrics={run.data.metrics} />
          ) : (
            run.data.status !== "failed" && <Text color="fg.muted">{t("evalSets.detail.pending")}</Text>
          )}
          <Stack gap="2">
            <Heading as="h3" size="sm">
              {t("evalSets.detail.settings")}
            </Heading>
            <SettingsList settings={run.data.settings} />
          </Stack>
          {run.data.questions.length > 0 && (
            <Stack gap="2">
              <Heading as="h3" size="sm">
                {t("evalSets.detail.questions")}
              </Heading>
              <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader w="10">
                        <Text srOnly>{t("evalSets.detail.showChunks")}</Text>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader minW="64">{t("evalSets.questions.question")}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t("evalSets.detail.hitRank")}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t("evalSets.metrics.ndcg_at_10")}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t("evalSets.metrics.recall_at_10")}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {run.data.questions.map((result) => {
                      const expanded = open.includes(result.question_id);
                      return (
                        <Fragment key={result.question_id}>
                          <Table.Row data-testid="result-row">
                            <Table.Cell>
                              <Button
                                size="2xs"
                                variant="ghost"
                                aria-expanded={expanded}
                                aria-label={t(expanded ? "evalSets.detail.hideChunks" : "evalSets.detail.showChunks")}
                                onClick={() => toggle(result.question_id)}
                              >
                                {expanded ? <ChevronDown /> : <ChevronRight />}
                              </Button>
                            </Table.Cell>
                            <Table.Cell overflowWrap="anywhere">
                              {result.question}
                              {result.answer_facts_total !== undefined && (
                                <Text fontSize="xs" color="fg.muted">
                                  {t("evalSets.detail.answerFacts", {
                                    found: result.answer_facts_found ?? 0,
                                    total: result.answer_facts_total,
                                  })}
                                </Text>
                              )}
                            </Table.Cell>
                            <Table.Cell
                              textAlign="end"
                              fontVariantNumeric="tabular-nums"
                              color={result.hit_rank === null ? "fg.error" : undefined}
                            >
                              {result.hit_rank ?? t("evalSets.detail.noHit")}
                            </Table.Cell>
                            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                              {formatMetric(result.ndcg_at_10)}
                            </Table.Cell>
                            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                              {formatMetric(result.recall_at_10)}
                            </Table.Cell>
                          </Table.Row>
                          {expanded && (
                            <Table.Row>
                              <Table.Cell colSpan={5} bg="bg.subtle">
                                <ChunkList
                                  chunks={result.chunks}
                                  label={t("evalSets.detail.chunksOf", { question: result.question })}
                                />
                              </Table.Cell>
                            </Table.Row>
                          )}
                        </Fragment>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
};
