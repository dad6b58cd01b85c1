import { Button, EmptyState, HStack, IconButton, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate } from "@tanstack/react-router";
import { ClipboardCheck, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { evaluationSetsQueryOptions, useDeleteSetMutation } from "../../api/evaluation-sets";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageLoader } from "../../components/page-loader";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { formatCount, formatDateTime } from "../../lib/format";
import { formatMetric } from "./metrics";
import { RunStatus } from "./run-status";
import { SetDialog } from "./set-dialog";
import type { EvaluationSet } from "./types";

const PAGE_SIZE = 30;
const SHOWN_METRICS = ["ndcg_at_10", "hit_at_1", "mrr", "recall_at_10"] as const;

// The team's test sets with the metrics of each one's last run; a row opens the set.
export const SetList = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const sets = useQuery(evaluationSetsQueryOptions(page, "", PAGE_SIZE));
  const datasets = useQuery(allDatasetsQueryOptions());
  const remove = useDeleteSetMutation();
  const [editing, setEditing] = useState<EvaluationSet | "new" | null>(null);
  const [deleting, setDeleting] = useState<EvaluationSet | null>(null);
  const baseName = (id: string) => datasets.data?.datasets.find((dataset) => dataset.id === id)?.name ?? id;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted" fontSize="sm" maxW="3xl">
          {t("evalSets.description")}
        </Text>
        <Button colorPalette="teal" size="sm" onClick={() => setEditing("new")}>
          <Plus /> {t("evalSets.create")}
        </Button>
      </HStack>
      {sets.isError ? (
        <RouteErrorMessage error={sets.error} onRetry={() => void sets.refetch()} />
      ) : !sets.data ? (
        <PageLoader />
      ) : sets.data.items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface" data-testid="sets-empty">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <ClipboardCheck />
            </EmptyState.Indicator>
            <EmptyState.Title>{t("evalSets.empty")}</EmptyState.Title>
            <EmptyState.Description>{t("evalSets.emptyHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
          <Table.Root size="sm" aria-label={t("evalSets.list.label")}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("evalSets.list.name")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("evalSets.list.bases")}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t("evalSets.list.questions")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("evalSets.list.lastRun")}</Table.ColumnHeader>
                {SHOWN_METRICS.map((key) => (
                  <Table.ColumnHeader key={key} textAlign="end">
                    {t(`evalSets.metrics.${key}`)}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>
                  <Text srOnly>{t("common.actions")}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sets.data.items.map((set) => (
                <Table.Row key={set.id} data-testid="set-row" verticalAlign="top">
                  <Table.Cell>
                    <Link asChild fontWeight="medium" colorPalette="teal">
                      <RouterLink to="/test-sets/$setId" params={{ setId: set.id }}>
                        {set.name}
                      </RouterLink>
                    </Link>
                    {set.description && (
                      <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                        {set.description}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{set.dataset_ids.map(baseName).join(", ")}</Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                    {formatCount(set.question_count)}
                  </Table.Cell>
                  <Table.Cell>
                    {set.last_run ? (
                      <Stack gap="1">
                        <Text fontSize="xs" color="fg.muted">
                          {formatDateTime(set.last_run.create_time)}
                        </Text>
                        <RunStatus run={set.last_run} />
                      </Stack>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        {t("evalSets.list.never")}
                      </Text>
                    )}
                  </Table.Cell>
                  {SHOWN_METRICS.map((key) => (
                    <Table.Cell key={key} textAlign="end" fontVariantNumeric="tabular-nums">
                      {formatMetric(set.last_run?.metrics?.[key])}
                    </Table.Cell>
                  ))}
                  <Table.Cell>
                    <HStack gap="1" justify="end">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={t("evalSets.editFor", { name: set.name })}
                        onClick={() => setEditing(set)}
                      >
                        <Pencil />
                      </IconButton>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t("evalSets.deleteFor", { name: set.name })}
                        onClick={() => setDeleting(set)}
                      >
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {sets.data && <Pager page={page} pageSize={PAGE_SIZE} total={sets.data.total} onChange={setPage} />}
      {editing && (
        <SetDialog
          set={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            editing === "new" && void navigate({ to: "/test-sets/$setId", params: { setId: saved.id } })
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("evalSets.deleteTitle", { name: deleting?.name ?? "" })}
        body={t("evalSets.deleteBody")}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id).catch((error: unknown) => {
            notifyError(error);
            throw error;
          });
          notifySuccess(t("evalSets.deleted"));
        }}
      />
    </Stack>
  );
};
