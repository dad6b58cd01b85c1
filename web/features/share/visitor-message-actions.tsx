import { HStack } from "@chakra-ui/react";
import type { ChatMessage } from "../../../worker/contract/chats";
import { type ShareClient, useSharedFeedbackMutation } from "../../api/share";
import { plainAnswer } from "../chat/conversation/answer-markdown";
import { CopyAnswerButton, FeedbackButtons } from "../chat/conversation/feedback-buttons";

type Props = { client: ShareClient; sessionId: string; message: ChatMessage; answered: boolean; disabled: boolean };

// Under a visitor's answer: copy and thumbs (a thumb down asks what was wrong, as in the owner's chat).
export const VisitorMessageActions = ({ client, sessionId, message, answered, disabled }: Props) => {
  const feedback = useSharedFeedbackMutation(client, sessionId);
  return (
    <HStack gap="0.5" mt="1" color="fg.muted" data-testid="message-actions">
      <CopyAnswerButton text={plainAnswer(message.content)} />
      {answered && (
        <FeedbackButtons
          thumbup={message.thumbup}
          disabled={disabled}
          pending={feedback.isPending}
          save={(body) => feedback.mutateAsync({ messageId: message.id, ...body })}
        />
      )}
    </HStack>
  );
};
