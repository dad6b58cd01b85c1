import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  title: string;
  size?: "sm" | "md" | "lg" | "xl" | "full";
  testId?: string;
  footer?: ReactNode;
  onClose: () => void;
  children: ReactNode;
};

// An open dialog that shows things (no form): title, scrolling body, optional footer, close button.
export const ViewDialog = ({ title, size = "lg", testId, footer, onClose, children }: Props) => {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size={size} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
