import { Button, Dialog, Portal } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  title: string;
  // may return the promise of the save: the submit button stays busy until it settles
  onSubmit: (event: FormEvent) => unknown;
  onClose: () => void;
  loading?: boolean;
  submitLabel?: string;
  submitDisabled?: boolean;
  size?: "sm" | "md" | "lg";
  children: ReactNode;
};

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | null)?.then === "function";

// The dialog every edit form uses: a title, the fields, Cancel and a submit button (Enter submits). While a save
// is pending the submit button is busy and a second submit (click or Enter) is ignored, so one click makes one
// thing; the caller closes the dialog when the save succeeded.
export const FormDialog = ({
  title,
  onSubmit,
  onClose,
  loading,
  submitLabel,
  submitDisabled,
  size = "md",
  children,
}: Props) => {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  // a ref as well: two submits in one tick see the same state
  const pending = useRef(false);
  const busy = saving || Boolean(loading);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending.current || loading || submitDisabled) return;
    const result = onSubmit(event);
    if (!isPromise(result)) return;
    pending.current = true;
    setSaving(true);
    void result
      .catch(() => undefined)
      .finally(() => {
        pending.current = false;
        setSaving(false);
      });
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size={size} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-busy={busy}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" colorPalette="teal" loading={busy} disabled={submitDisabled || busy}>
                  {submitLabel ?? t("common.save")}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
