import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = Omit<Dialog.RootProps, "children" | "content"> & {
  title: ReactNode;
  // opens the dialog itself (uncontrolled); left out when the caller controls `open`
  trigger?: ReactNode;
  content?: Dialog.ContentProps & { "data-testid"?: string };
  footer?: ReactNode;
  // the × in the corner
  closeButton?: boolean;
  children: ReactNode;
};

// The frame of a dialog: backdrop, title, body, optional footer and close button; the root's props pass through.
export const DialogFrame = ({ title, trigger, content, footer, closeButton, children, ...root }: Props) => {
  const { t } = useTranslation();
  return (
    <Dialog.Root {...root}>
      {trigger !== undefined && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...content}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t("common.close")} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
