import { Box, Button, HStack, IconButton, Stack, Text, Wrap } from "@chakra-ui/react";
import { MessageCircleQuestion, ScrollText } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../worker/contract/chats";
import { type Asker, speakerOf, useFeedbackMutation } from "../../api/conversations";
import { ViewDialog } from "../../components/view-dialog";
import { plainAnswer } from "./answer-markdown";
import { ReadAloudButton, ReadAloudNotice, useReadAloud } from "./read-aloud";
import { CopyAnswerButton, FeedbackButtons } from "./feedback-buttons";

type Props = {
  // a member in the assistant or a visitor through a share link (stable across renders: read aloud keeps it)
  asker: Asker;
  sessionId: string;
  message: ChatMessage;
  // the opener has no question: no feedback, no delete
  answered: boolean;
  tts: boolean;
  // the assistant's prompt icon: the answer's full prompt, as the server kept it
  showPrompt?: boolean;
  disabled?: boolean;
  // what the asker may do besides feedback to an answered message (the member's regenerate and delete)
  tools?: ReactNode;
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

// Under a finished answer: copy, read aloud, the prompt, thumbs and the asker's own tools.
export const MessageActions = ({ asker, sessionId, message, answered, tts, showPrompt, disabled, tools }: Props) => {
  const text = plainAnswer(message.content);
  const speakText = useMemo(() => speakerOf(asker), [asker]);
  const readAloud = useReadAloud(text, speakText);
  const feedback = useFeedbackMutation(asker, sessionId);

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
            {tools}
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
