import { Button, Dialog } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "./dialog-frame";

type Props = {
  title: string;
  body: string;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => Promise<unknown> | void;
} & ({ trigger: ReactNode; open?: never; onClose?: never } | { trigger?: never; open: boolean; onClose: () => void });

// A destructive confirmation, opened by its own trigger or controlled by the caller. It stays open, busy, until
// the confirmed work is done (a promise), and stays open when that fails (the caller shows why); Cancel always
// closes it (a request that hangs must not trap the page).
export const ConfirmDialog = ({ trigger, open, onClose, title, body, confirmLabel, loading, onConfirm }: Props) => {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const isOpen = trigger === undefined ? open : ownOpen;
  const setOpen = (next: boolean) => (trigger === undefined ? !next && onClose?.() : setOwnOpen(next));
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // the caller's mutation reports the error; the dialog stays for another try or cancel
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      role="alertdialog"
      placement="center"
      open={isOpen}
      onOpenChange={(e) => setOpen(e.open)}
      trigger={trigger}
      title={title}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" loading={busy || loading} onClick={() => void confirm()}>
            {confirmLabel ?? t("common.delete")}
          </Button>
        </>
      }
    >
      {body}
    </DialogFrame>
  );
};
