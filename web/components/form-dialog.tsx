import { Button, Dialog, Portal } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  title: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  loading?: boolean;
  submitLabel?: string;
  submitDisabled?: boolean;
  size?: "sm" | "md" | "lg";
  children: ReactNode;
};

// The dialog every edit form uses: a title, the fields, Cancel and a submit button (Enter submits).
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
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size={size} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" colorPalette="teal" loading={loading} disabled={submitDisabled}>
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
