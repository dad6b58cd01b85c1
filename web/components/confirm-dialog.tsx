import { Button, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  title: string;
  body: string;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => Promise<unknown> | void;
} & ({ trigger: ReactNode; open?: never; onClose?: never } | { trigger?: never; open: boolean; onClose: () => void });

// A destructive confirmation, opened by its own trigger or controlled by the caller.
export const ConfirmDialog = ({ trigger, open, onClose, title, body, confirmLabel, loading, onConfirm }: Props) => {
  const { t } = useTranslation();
  const controlled = trigger === undefined ? { open, onOpenChange: (e: { open: boolean }) => !e.open && onClose?.() } : {};
  return (
    <Dialog.Root role="alertdialog" placement="center" {...controlled}>
      {trigger !== undefined && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t("common.cancel")}</Button>
              </Dialog.ActionTrigger>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="red" loading={loading} onClick={() => void onConfirm()}>
                  {confirmLabel ?? t("common.delete")}
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
