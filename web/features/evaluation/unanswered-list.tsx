import { Badge, Button, Checkbox, EmptyState, HStack, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, ClipboardPlus, MessageSquarePlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type EvaluationRange, type UnansweredQuestion, unansweredQueryOptions } from "../../api/evaluation";
import { PageLoader } from "../../components/page-loader";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { formatCount, formatDateTime } from "../../lib/format";
import { ToTestSetDialog } from "../evaluation-sets/to-test-set-dialog";
import { AddAnswerDialog } from "./add-answer-dialog";

const PAGE_SIZE = 20;

type Props = {
  range: EvaluationRange;
  includeResolved: boolean;
  page: number;
  showAssistant: boolean;
  onChange(changes: { resolved?: boolean; upage?: number }): void;
};

// "Questions we could not answer": grouped by wording, most asked first, each with a way to add the answer.
export const UnansweredList = ({ range, includeResolved, page, showAssistant, onChange }: Props) => {
  const { t } = useTranslation();
  const list = useQuery(unansweredQueryOptions(range, includeResolved, page, PAGE_SIZE));
  const [answering, setAnswering] = useState<UnansweredQuestion | null>(null);
  const [toTestSet, setToTestSet] = useState<string | null>(null);
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {t("evaluation.unanswered.hint")}
      </Text>
      <Checkbox.Root
        size="sm"
        checked={includeResolved}
        onCheckedChange={(e) => onChange({ resolved: e.checked === true || undefined, upage: undefined })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t("evaluation.unanswered.showResolved")}</Checkbox.Label>
      </Checkbox.Root>
      {list.isError ? (
        <RouteErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <CircleCheck />
            </EmptyState.Indicator>
            <EmptyState.Title>{t("evaluation.unanswered.empty")}</EmptyState.Title>
            <EmptyState.Description>{t("evaluation.unanswered.emptyHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
            <Table.Root size="sm" tableLayout="fixed" minW="3xl" whiteSpace="normal">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("evaluation.unanswered.question")}</Table.ColumnHeader>
                  <Table.ColumnHeader w="20" textAlign="end">
                    {t("evaluation.unanswered.count")}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w="36">{t("evaluation.unanswered.lastAsked")}</Table.ColumnHeader>
                  {showAssistant && (
                    <Table.ColumnHeader w="36">{t("evaluation.unanswered.assistant")}</Table.ColumnHeader>
                  )}
                  <Table.ColumnHeader w="52">{t("evaluation.unanswered.status")}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.items.map((item) => (
                  <Table.Row key={item.question} data-testid="unanswered-row">
                    <Table.Cell fontWeight="medium" wordBreak="break-word">
                      {item.question}
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                      {formatCount(item.count)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(item.last_time)}</Table.Cell>
                    {showAssistant && (
                      <Table.Cell wordBreak="break-word">{item.chats.map((chat) => chat.name).join(", ")}</Table.Cell>
                    )}
                    <Table.Cell>
                      <HStack gap="1">
                        {item.resolved_chunk_id ? (
                          <Badge colorPalette="green" variant="subtle">
                            <CircleCheck size={12} aria-hidden /> {t("evaluation.unanswered.answered")}
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="teal"
                            aria-label={t("evaluation.unanswered.addFor", { question: item.question })}
                            onClick={() => setAnswering(item)}
                          >
                            <MessageSquarePlus /> {t("evaluation.unanswered.add")}
                          </Button>
                        )}
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={t("evalSets.fromTraffic.actionFor", { question: item.question })}
                          title={t("evalSets.fromTraffic.action")}
                          onClick={() => setToTestSet(item.question)}
                        >
                          <ClipboardPlus />
                        </IconButton>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={(next) => onChange({ upage: next })}
          />
        </>
      )}
      {toTestSet !== null && (
        <ToTestSetDialog
          source={{ unansweredQuestion: toTestSet, question: toTestSet }}
          onClose={() => setToTestSet(null)}
        />
      )}
      {answering && <AddAnswerDialog item={answering} chatId={range.chatId} onClose={() => setAnswering(null)} />}
    </Stack>
  );
};
