import { IconButton, RadioCard, Stack, Textarea, Wrap } from "@chakra-ui/react";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FEEDBACK_REASONS, type FeedbackReason } from "../../../worker/contract/chats";
import { CopyButton } from "../../components/copy-field";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";

const FEEDBACK_MAX = 2000;

// Copies an answer's plain text.
export const CopyAnswerButton = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  return <CopyButton value={text} label={t("chat.actions.copy")} />;
};

const FeedbackDialog = ({
  onSubmit,
  onClose,
  loading,
}: {
  onSubmit(reason: FeedbackReason | null, comment: string): Promise<unknown>;
  onClose(): void;
  loading: boolean;
}) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState<FeedbackReason | null>(null);
  const [comment, setComment] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    return onSubmit(reason, comment.trim());
  };
  return (
    <FormDialog
      title={t("chat.feedback.title")}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      submitLabel={t("chat.feedback.send")}
    >
      <Stack gap="4">
        <RadioCard.Root
          size="sm"
          colorPalette="teal"
          value={reason}
          onValueChange={(e) => setReason(e.value as FeedbackReason | null)}
        >
          <RadioCard.Label>{t("chat.feedback.reason")}</RadioCard.Label>
          <Wrap gap="2">
            {FEEDBACK_REASONS.map((value) => (
              <RadioCard.Item key={value} value={value} flex="0 0 auto">
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl py="1.5" px="3">
                  <RadioCard.ItemText>{t(`chat.feedback.reasons.${value}`)}</RadioCard.ItemText>
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </Wrap>
        </RadioCard.Root>
        <FormField label={t("chat.feedback.comment")} helper={t("chat.feedback.commentHint")}>
          <Textarea
            name="feedback"
            value={comment}
            maxLength={FEEDBACK_MAX}
            autoresize
            minH="20"
            onChange={(e) => setComment(e.target.value)}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
};

export type FeedbackBody = { thumbup: boolean; reason?: FeedbackReason | null; feedback?: string };

type FeedbackProps = {
  thumbup?: boolean | null;
  disabled?: boolean;
  pending: boolean;
  save(body: FeedbackBody): Promise<unknown>;
};

// Thumbs up and down under an answer (the owner's chat and a shared chat's visitor); a thumb down asks what was
// wrong first.
export const FeedbackButtons = ({ thumbup, disabled, pending, save }: FeedbackProps) => {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const thumbUp = async () => {
    if (thumbup === true) return;
    const saved = await save({ thumbup: true }).catch(notifyError);
    if (saved) notifySuccess(t("chat.feedback.thanks"));
  };
  const thumbDown = async (reason: FeedbackReason | null, comment: string) => {
    const saved = await save({ thumbup: false, reason, feedback: comment || undefined }).catch(notifyError);
    if (!saved) return;
    setAsking(false);
    notifySuccess(t("chat.feedback.thanks"));
  };
  return (
    <>
      <IconButton
        size="xs"
        variant={thumbup === true ? "subtle" : "ghost"}
        colorPalette={thumbup === true ? "teal" : "gray"}
        aria-label={t("chat.actions.thumbUp")}
        aria-pressed={thumbup === true}
        disabled={disabled || pending}
        onClick={() => void thumbUp()}
      >
        <ThumbsUp />
      </IconButton>
      <IconButton
        size="xs"
        variant={thumbup === false ? "subtle" : "ghost"}
        colorPalette={thumbup === false ? "red" : "gray"}
        aria-label={t("chat.actions.thumbDown")}
        aria-pressed={thumbup === false}
        disabled={disabled || pending}
        onClick={() => setAsking(true)}
      >
        <ThumbsDown />
      </IconButton>
      {asking && <FeedbackDialog loading={pending} onSubmit={thumbDown} onClose={() => setAsking(false)} />}
    </>
  );
};
