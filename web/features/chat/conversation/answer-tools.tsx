import { IconButton } from "@chakra-ui/react";
import { RefreshCw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useDeleteMessageMutation } from "../../../api/chats";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";

type Props = {
  chatId: string;
  sessionId: string;
  messageId: string;
  disabled?: boolean;
  // the last answer only
  onRegenerate?: () => void;
};

// The member's tools on an answered message: regenerate (last answer only) and delete the pair.
export const AnswerTools = ({ chatId, sessionId, messageId, disabled, onRegenerate }: Props) => {
  const { t } = useTranslation();
  const remove = useDeleteMessageMutation(chatId, sessionId);
  const removePair = async () => {
    const saved = await remove.mutateAsync(messageId).catch(notifyError);
    if (saved) notifySuccess(t("common.toast.deleted"));
  };
  return (
    <>
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
  );
};
