import { Badge, Button, EmptyState, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FileUp, ListChecks, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { questionsQueryOptions, useDeleteQuestionsMutation } from "../../api/evaluation-sets";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageLoader } from "../../components/page-loader";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SelectCheckbox } from "../../components/select-checkbox";
import { AddQuestionDialog } from "./add-question-dialog";
import { ImportDialog } from "./import-dialog";
import type { EvaluationQuestion, EvaluationSet } from "./types";

const PAGE_SIZE = 20;

const Expected = ({ question }: { question: EvaluationQuestion }) => {
  const { t } = useTranslation();
  return (
    <HStack gap="1" wrap="wrap">
      {question.expected_chunk_ids.length > 0 && (
        <Badge variant="subtle" colorPalette="teal">
          {t("evalSets.questions.chunks", { count: question.expected_chunk_ids.length })}
        </Badge>
      )}
      {question.expected_doc_ids.length > 0 && (
        <Badge variant="subtle" colorPalette="blue">
          {t("evalSets.questions.docs", { count: question.expected_doc_ids.length })}
        </Badge>
      )}
      {question.expected_text && (
        <Text fontSize="xs" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
          {t("evalSets.questions.text", { text: question.expected_text })}
        </Text>
      )}
    </HStack>
  );
};

type Props = { set: EvaluationSet; page: number; onPage(page: number): void };

// A set's questions: add one from a retrieval result, import a file, delete the ticked ones.
export const QuestionsPanel = ({ set, page, onPage }: Props) => {
  const { t } = useTranslation();
  const list = useQuery(questionsQueryOptions(set.id, page, PAGE_SIZE));
  const remove = useDeleteQuestionsMutation();
  const [dialog, setDialog] = useState<"add" | "import" | "delete" | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const items = list.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((item) => selected.includes(item.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  return (
    <Stack gap="4" pt="2">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="questions-total">
          {list.data ? t("evalSets.questions.total", { count: list.data.total }) : ""}
        </Text>
        <HStack gap="2" wrap="wrap">
          {selected.length > 0 && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog("delete")}>
              <Trash2 /> {t("evalSets.questions.deleteSelected", { count: selected.length })}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDialog("import")}>
            <FileUp /> {t("evalSets.questions.import")}
          </Button>
          <Button size="sm" colorPalette="teal" onClick={() => setDialog("add")}>
            <Plus /> {t("evalSets.questions.add")}
          </Button>
        </HStack>
      </HStack>
      {list.isError ? (
        <RouteErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <ListChecks />
            </EmptyState.Indicator>
            <EmptyState.Title>{t("evalSets.questions.empty")}</EmptyState.Title>
            <EmptyState.Description>{t("evalSets.questions.emptyHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="10">
                  <SelectCheckbox
                    checked={allSelected}
                    label={t("evalSets.questions.selectAll")}
                    onChange={(on) => setSelected(on ? items.map((item) => item.id) : [])}
                  />
                </Table.ColumnHeader>
                <Table.ColumnHeader minW="64">{t("evalSets.questions.question")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("evalSets.questions.expected")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("evalSets.questions.reference")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("evalSets.questions.source")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((item) => (
                <Table.Row key={item.id} data-testid="question-row" verticalAlign="top">
                  <Table.Cell>
                    <SelectCheckbox
                      checked={selected.includes(item.id)}
                      label={t("evalSets.questions.select", { question: item.question })}
                      onChange={(on) => toggle(item.id, on)}
                    />
                  </Table.Cell>
                  <Table.Cell fontWeight="medium" overflowWrap="anywhere">
                    {item.question}
                  </Table.Cell>
                  <Table.Cell>
                    <Expected question={item} />
                  </Table.Cell>
                  <Table.Cell>
                    {item.reference_answer && (
                      <Text fontSize="xs" color="fg.muted" lineClamp={2} title={item.reference_answer}>
                        {item.reference_answer}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge variant="outline">{t(`evalSets.questions.sources.${item.source}`)}</Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={onPage} />}
      {dialog === "add" && <AddQuestionDialog set={set} onClose={() => setDialog(null)} />}
      {dialog === "import" && <ImportDialog setId={set.id} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === "delete"}
        onClose={() => setDialog(null)}
        title={t("evalSets.questions.deleteTitle", { count: selected.length })}
        body={t("evalSets.questions.deleteBody")}
        onConfirm={async () => {
          const result = await remove.mutateAsync({ setId: set.id, ids: selected }).catch((error: unknown) => {
            notifyError(error);
            throw error;
          });
          setSelected([]);
          notifySuccess(t("evalSets.questions.deleted", { count: result.success_count }));
        }}
      />
    </Stack>
  );
};
