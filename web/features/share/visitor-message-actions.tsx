import { HStack, Stack } from "@chakra-ui/react";
import { useMemo } from "react";
import type { ChatMessage } from "../../../worker/contract/chats";
import { type ShareClient, sharedSpeak, useSharedFeedbackMutation } from "../../api/share";
import { plainAnswer } from "../conversation/answer-markdown";
import { CopyAnswerButton, FeedbackButtons } from "../conversation/feedback-buttons";
import { ReadAloudButton, ReadAloudNotice, useReadAloud } from "../conversation/read-aloud";

type Props = {
  client: ShareClient;
  sessionId: string;
  message: ChatMessage;
  answered: boolean;
  disabled: boolean;
  tts: boolean;
};

// Under a visitor's answer: copy, read aloud (when the assistant has it on) and thumbs (a thumb down asks what
// was wrong, as in the owner's chat).
export const VisitorMessageActions = ({ client, sessionId, message, answered, disabled, tts }: Props) => {
  const feedback = useSharedFeedbackMutation(client, sessionId);
  const text = plainAnswer(message.content);
  const speakText = useMemo(() => sharedSpeak(client), [client]);
  const readAloud = useReadAloud(text, speakText);
  return (
    <Stack gap="1" mt="1">
      <HStack gap="0.5" color="fg.muted" data-testid="message-actions">
        <CopyAnswerButton text={text} />
        {tts && <ReadAloudButton readAloud={readAloud} />}
        {answered && (
          <FeedbackButtons
            thumbup={message.thumbup}
            disabled={disabled}
            pending={feedback.isPending}
            save={(body) => feedback.mutateAsync({ messageId: message.id, ...body })}
          />
        )}
      </HStack>
      <ReadAloudNotice readAloud={readAloud} />
    </Stack>
  );
};
