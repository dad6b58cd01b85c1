import { Box, Button, HStack, IconButton, Stack, Text, Wrap } from "@chakra-ui/react";
import { MessageCircleQuestion, RefreshCw, ScrollText, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../worker/contract/chats";
import { speak, useDeleteMessageMutation, useFeedbackMutation } from "../../api/chats";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { ViewDialog } from "../../components/view-dialog";
import { plainAnswer } from "./answer-markdown";
import { ReadAloudButton, ReadAloudNotice, useReadAloud } from "./read-aloud";
import { CopyAnswerButton, FeedbackButtons } from "./feedback-buttons";

type Props = {
  chatId: string;
  sessionId: string;
  message: ChatMessage;
  // the opener has no question: no feedback, no delete
  answered: boolean;
  tts: boolean;
  // the assistant's prompt icon: the answer's full prompt, as the server kept it
  showPrompt: boolean;
  disabled?: boolean;
  onRegenerate?: () => void;
};

const PromptButton = ({ prompt }: { prompt: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="xs" variant="ghost" aria-label={t("chat.actions.showPrompt")} onClick={() => setOpen(true)}>
        <ScrollText />
      </IconButton>
      {open && (
        <ViewDialog
          title={t("chat.actions.promptTitle")}
          size="xl"
          testId="prompt-dialog"
          onClose={() => setOpen(false)}
        >
          <Box
            as="pre"
            fontSize="xs"
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            fontFamily="mono"
            bg="bg.muted"
            p="3"
            rounded="md"
          >
            {prompt}
          </Box>
        </ViewDialog>
      )}
    </>
  );
};

// Under a finished answer: copy, read aloud, thumbs, regenerate (last answer only) and delete the pair.
export const MessageActions = ({
  chatId,
  sessionId,
  message,
  answered,
  tts,
  showPrompt,
  disabled,
  onRegenerate,
}: Props) => {
  const { t } = useTranslation();
  const text = plainAnswer(message.content);
  const readAloud = useReadAloud(text, speak);
  const feedback = useFeedbackMutation(chatId, sessionId);
  const remove = useDeleteMessageMutation(chatId, sessionId);
  const removePair = async () => {
    const saved = await remove.mutateAsync(message.id).catch(notifyError);
    if (saved) notifySuccess(t("common.toast.deleted"));
  };

  return (
    <Stack gap="1" mt="1">
      <HStack gap="0.5" color="fg.muted" data-testid="message-actions">
        <CopyAnswerButton text={text} />
        {tts && <ReadAloudButton readAloud={readAloud} />}
        {showPrompt && message.prompt && <PromptButton prompt={message.prompt} />}
        {answered && (
          <>
            <FeedbackButtons
              thumbup={message.thumbup}
              disabled={disabled}
              pending={feedback.isPending}
              save={(body) => feedback.mutateAsync({ messageId: message.id, ...body })}
            />
            {onRegenerate && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t("chat.actions.regenerate")}
                disabled={disabled}
                onClick={onRegenerate}
              >
                <RefreshCw />
              </IconButton>
            )}
            <ConfirmDialog
              title={t("chat.actions.deleteTitle")}
              body={t("chat.actions.deleteBody")}
              loading={remove.isPending}
              onConfirm={removePair}
              trigger={
                <IconButton size="xs" variant="ghost" aria-label={t("chat.actions.delete")} disabled={disabled}>
                  <Trash2 />
                </IconButton>
              }
            />
          </>
        )}
      </HStack>
      <ReadAloudNotice readAloud={readAloud} />
    </Stack>
  );
};

// The suggested follow-up questions of the last answer; a click asks one.
export const RelatedQuestions = ({
  questions,
  disabled,
  onAsk,
}: {
  questions: string[];
  disabled?: boolean;
  onAsk(question: string): void;
}) => {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  return (
    <Stack gap="1.5" mt="2" as="section" aria-label={t("chat.related.title")}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {t("chat.related.title")}
      </Text>
      <Wrap gap="2">
        {questions.map((question) => (
          <Button
            key={question}
            size="xs"
            variant="outline"
            colorPalette="teal"
            rounded="full"
            h="auto"
            py="1"
            whiteSpace="normal"
            textAlign="start"
            disabled={disabled}
            onClick={() => onAsk(question)}
          >
            <MessageCircleQuestion /> {question}
          </Button>
        ))}
      </Wrap>
    </Stack>
  );
};
