import { Badge, Button, chakra, IconButton, Table, Text } from "@chakra-ui/react";
import { ClipboardPlus, History, ThumbsDown, ThumbsUp } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedbackItem } from "../../api/evaluation";
import { formatDateTime } from "../../lib/format";
import { plainAnswer } from "./plain-answer";

export const Thumb = ({ value }: { value: boolean | null }) => {
  const { t } = useTranslation();
  if (value === null)
    return (
      <Text color="fg.subtle" aria-label={t("evaluation.table.unrated")}>
        –
      </Text>
    );
  return (
    <Text
      as="span"
      role="img"
      aria-label={t(value ? "evaluation.table.up" : "evaluation.table.down")}
      color={value ? "fg.success" : "fg.error"}
      display="inline-flex"
    >
      {value ? <ThumbsUp size={18} aria-hidden /> : <ThumbsDown size={18} aria-hidden />}
    </Text>
  );
};

export const ReasonBadge = ({ reason }: { reason: FeedbackItem["feedback_reason"] }) => {
  const { t } = useTranslation();
  return reason ? (
    <Badge colorPalette="orange" variant="subtle">
      {t(`chat.feedback.reasons.${reason}`)}
    </Badge>
  ) : null;
};

// A long answer shows two lines until expanded.
const AnswerCell = ({ answer: raw }: { answer: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const answer = plainAnswer(raw);
  const long = answer.length > 160;
  return (
    <>
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere" lineClamp={open ? undefined : 2}>
        {answer}
      </Text>
      {long && (
        <Button
          size="2xs"
          variant="plain"
          colorPalette="teal"
          px="0"
          aria-expanded={open}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(!open);
          }}
        >
          {t(open ? "evaluation.table.less" : "evaluation.table.more")}
        </Button>
      )}
    </>
  );
};

type Props = {
  items: FeedbackItem[];
  showAssistant: boolean;
  onOpenHistory(item: FeedbackItem): void;
  // "Als Testfrage übernehmen"
  onToTestSet?(item: FeedbackItem): void;
};

// Answered questions with their rating; a row opens its conversation's history.
export const FeedbackTable = ({ items, showAssistant, onOpenHistory, onToTestSet }: Props) => {
  const { t } = useTranslation();
  return (
    // positioned, so the screen-reader-only header text is clipped with the table instead of widening the page
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface" position="relative">
      {/* fixed columns and wrapping texts (the scroll area itself does not wrap): the table fits its page from
          about 900 px up and scrolls only below that */}
      <Table.Root size="sm" interactive tableLayout="fixed" minW="4xl" whiteSpace="normal">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="28">{t("evaluation.table.date")}</Table.ColumnHeader>
            {showAssistant && <Table.ColumnHeader w="28">{t("evaluation.table.assistant")}</Table.ColumnHeader>}
            <Table.ColumnHeader w="28">{t("evaluation.table.user")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("evaluation.table.question")}</Table.ColumnHeader>
            <Table.ColumnHeader w="25%">{t("evaluation.table.answer")}</Table.ColumnHeader>
            <Table.ColumnHeader w="24">{t("evaluation.table.rating")}</Table.ColumnHeader>
            <Table.ColumnHeader w="28">{t("evaluation.table.reason")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("evaluation.table.comment")}</Table.ColumnHeader>
            <Table.ColumnHeader w="20">
              <Text srOnly>{t("common.actions")}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row
              key={item.id}
              data-testid="feedback-row"
              verticalAlign="top"
              cursor={item.conversation_id ? "pointer" : undefined}
              onClick={() => item.conversation_id && onOpenHistory(item)}
            >
              <Table.Cell>{formatDateTime(item.create_time)}</Table.Cell>
              {showAssistant && <Table.Cell overflowWrap="anywhere">{item.chat_name}</Table.Cell>}
              <Table.Cell>
                <Text truncate title={item.user_id}>
                  {item.user_name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t(`evaluation.source.${item.source}`)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {item.question}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <AnswerCell answer={item.answer} />
              </Table.Cell>
              <Table.Cell>
                <Thumb value={item.thumbup} />
              </Table.Cell>
              <Table.Cell>
                <ReasonBadge reason={item.feedback_reason} />
              </Table.Cell>
              <Table.Cell>
                <chakra.span whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {item.feedback}
                </chakra.span>
              </Table.Cell>
              <Table.Cell>
                {onToTestSet && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t("evalSets.fromTraffic.actionFor", { question: item.question })}
                    title={t("evalSets.fromTraffic.action")}
                    onClick={(event) => {
                      event.stopPropagation();
                      onToTestSet(item);
                    }}
                  >
                    <ClipboardPlus />
                  </IconButton>
                )}
                {item.conversation_id && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t("evaluation.table.openHistory")}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpenHistory(item);
                    }}
                  >
                    <History />
                  </IconButton>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
