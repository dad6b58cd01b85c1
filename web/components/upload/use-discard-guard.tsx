import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../confirm-dialog";
import type { UploadQueue } from "./use-upload-queue";

// Closing an upload dialog with chosen files that were not uploaded asks first; files being uploaded go on
// after the dialog closes, and what finished is simply cleared.
export const useDiscardGuard = (queue: UploadQueue, close: () => void) => {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const closeNow = () => {
    if (!queue.running) queue.reset();
    close();
  };
  const requestClose = () => (queue.waiting > 0 && !queue.running ? setAsking(true) : closeNow());
  const dialog = (
    <ConfirmDialog
      open={asking}
      onClose={() => setAsking(false)}
      title={t("upload.discardTitle")}
      body={t("upload.discardBody", { count: queue.waiting })}
      confirmLabel={t("upload.discard")}
      onConfirm={() => {
        setAsking(false);
        closeNow();
      }}
    />
  );
  return { requestClose, dialog };
};
