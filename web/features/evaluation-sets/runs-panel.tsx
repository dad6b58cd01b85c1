import { Button, EmptyState, HStack, IconButton, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { GitCompare, PlayCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { runsQueryOptions, useDeleteRunMutation } from "../../api/evaluation-sets";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError } from "../../components/notify";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { SelectCheckbox } from "../../components/select-checkbox";
import { formatDateTime } from "../../lib/format";
import { formatMetric, runName } from "./metrics";
import { RunStatus } from "./run-status";
import type { EvaluationRunSummary } from "./types";

const SHOWN_METRICS = ["ndcg_at_10", "hit_at_1", "hit_at_5", "mrr", "recall_at_10"] as const;

type Props = { setId: string; onOpen(runId: string): void; onCompare(a: string, b: string): void };

// The set's runs, newest first, polled while one works; tick two finished runs to compare them.
export const RunsPanel = ({ setId, onOpen, onCompare }: Props) => {
  const { t } = useTranslation();
  const runs = useQuery(runsQueryOptions(setId));
  const remove = useDeleteRunMutation();
  const [picked, setPicked] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<EvaluationRunSummary | null>(null);
  const name = (run: EvaluationRunSummary) => runName(run, (date) => t("evalSets.runs.unnamed", { date }));

  if (runs.isError) return <RouteErrorMessage error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) return <PageLoader />;
  const items = runs.data.items;
  const compare = () => {
    // the older run is A, so the delta reads "what the newer settings changed"
    const [a, b] = items.filter((run) => picked.includes(run.id)).reverse();
    if (a && b) onCompare(a.id, b.id);
  };

  if (items.length === 0)
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface" mt="2">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <PlayCircle />
          </EmptyState.Indicator>
          <EmptyState.Title>{t("evalSets.runs.empty")}</EmptyState.Title>
          <EmptyState.Description>{t("evalSets.runs.emptyHint")}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );

  return (
    <Stack gap="4" pt="2">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t("evalSets.runs.compareHint")}
        </Text>
        <Button size="sm" variant="outline" disabled={picked.length !== 2} onClick={compare}>
          <GitCompare /> {t("evalSets.runs.compare")}
        </Button>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10">
                <Text srOnly>{t("evalSets.runs.compare")}</Text>
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t("evalSets.runs.label")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("evalSets.runs.date")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("evalSets.runs.status")}</Table.ColumnHeader>
              {SHOWN_METRICS.map((key) => (
                <Table.ColumnHeader key={key} textAlign="end">
                  {t(`evalSets.metrics.${key}`)}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader w="10">
                <Text srOnly>{t("common.actions")}</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((run) => (
              <Table.Row key={run.id} data-testid="run-row" verticalAlign="top">
                <Table.Cell>
                  <SelectCheckbox
                    checked={picked.includes(run.id)}
                    disabled={run.status !== "done" || (picked.length >= 2 && !picked.includes(run.id))}
                    label={t("evalSets.runs.pick", { label: name(run) })}
                    onChange={(on) => setPicked((ids) => (on ? [...ids, run.id] : ids.filter((id) => id !== run.id)))}
                  />
                </Table.Cell>
                <Table.Cell>
                  <Link
                    as="button"
                    colorPalette="teal"
                    fontWeight="medium"
                    textAlign="start"
                    aria-label={t("evalSets.runs.open", { label: name(run) })}
                    onClick={() => onOpen(run.id)}
                  >
                    {name(run)}
                  </Link>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(run.create_time)}</Table.Cell>
                <Table.Cell>
                  <RunStatus run={run} />
                </Table.Cell>
                {SHOWN_METRICS.map((key) => (
                  <Table.Cell key={key} textAlign="end" fontVariantNumeric="tabular-nums">
                    {formatMetric(run.metrics?.[key])}
                  </Table.Cell>
                ))}
                <Table.Cell>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t("evalSets.runs.deleteFor", { label: name(run) })}
                    onClick={() => setDeleting(run)}
                  >
                    <Trash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("evalSets.runs.deleteTitle", { label: deleting ? name(deleting) : "" })}
        body={t("evalSets.runs.deleteBody")}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id).catch((error: unknown) => {
            notifyError(error);
            throw error;
          });
          setPicked((ids) => ids.filter((id) => id !== deleting.id));
        }}
      />
    </Stack>
  );
};
