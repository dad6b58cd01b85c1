import { Clipboard, HStack, IconButton } from "@chakra-ui/react";
import { Check, Copy, ThumbsDown, ThumbsUp } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage, FeedbackReason } from "../../../worker/contract/chats";
import { type ShareClient, useSharedFeedbackMutation } from "../../api/share";
import { notifyError, notifySuccess } from "../../components/notify";
import { plainAnswer } from "../chat/conversation/answer-markdown";
import { FeedbackDialog } from "../chat/conversation/message-actions";

type Props = { client: ShareClient; sessionId: string; message: ChatMessage; answered: boolean; disabled: boolean };

// Under a visitor's answer: copy and thumbs (a thumb down asks what was wrong, as in the owner's chat).
export const VisitorMessageActions = ({ client, sessionId, message, answered, disabled }: Props) => {
  const { t } = useTranslation();
  const feedback = useSharedFeedbackMutation(client, sessionId);
  const [asking, setAsking] = useState(false);

  const thumbUp = async () => {
    if (message.thumbup === true) return;
    const saved = await feedback.mutateAsync({ messageId: message.id, thumbup: true }).catch(notifyError);
    if (saved) notifySuccess(t("chat.feedback.thanks"));
  };
  const thumbDown = async (reason: FeedbackReason | null, comment: string) => {
    const saved = await feedback.mutateAsync({ messageId: message.id, thumbup: false, reason, feedback: comment || undefined }).catch(notifyError);
    if (!saved) return;
    setAsking(false);
    notifySuccess(t("chat.feedback.thanks"));
  };

  return (
    <HStack gap="0.5" mt="1" color="fg.muted" data-testid="message-actions">
      <Clipboard.Root value={plainAnswer(message.content)}>
        <Clipboard.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={t("chat.actions.copy")}>
            <Clipboard.Indicator copied={<Check />}>
              <Copy />
            </Clipboard.Indicator>
          </IconButton>
        </Clipboard.Trigger>
      </Clipboard.Root>
      {answered && (
        <>
          <IconButton
            size="xs"
            variant={message.thumbup === true ? "subtle" : "ghost"}
            colorPalette={message.thumbup === true ? "teal" : "gray"}
            aria-label={t("chat.actions.thumbUp")}
            aria-pressed={message.thumbup === true}
            disabled={disabled || feedback.isPending}
            onClick={() => void thumbUp()}
          >
            <ThumbsUp />
          </IconButton>
          <IconButton
            size="xs"
            variant={message.thumbup === false ? "subtle" : "ghost"}
            colorPalette={message.thumbup === false ? "red" : "gray"}
            aria-label={t("chat.actions.thumbDown")}
            aria-pressed={message.thumbup === false}
            disabled={disabled || feedback.isPending}
            onClick={() => setAsking(true)}
          >
            <ThumbsDown />
          </IconButton>
        </>
      )}
      {asking && <FeedbackDialog loading={feedback.isPending} onSubmit={(reason, comment) => void thumbDown(reason, comment)} onClose={() => setAsking(false)} />}
    </HStack>
  );
};
