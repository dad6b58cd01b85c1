import type { ReactNode } from "react";
import { DialogFrame } from "./dialog-frame";

type Props = {
  title: string;
  size?: "sm" | "md" | "lg" | "xl" | "full";
  testId?: string;
  footer?: ReactNode;
  onClose: () => void;
  children: ReactNode;
};

// An open dialog that shows things (no form): title, scrolling body, optional footer, close button.
export const ViewDialog = ({ title, size = "lg", testId, footer, onClose, children }: Props) => (
  <DialogFrame
    open
    onOpenChange={(e) => !e.open && onClose()}
    size={size}
    placement="center"
    scrollBehavior="inside"
    content={{ "data-testid": testId }}
    title={title}
    footer={footer}
    closeButton
  >
    {children}
  </DialogFrame>
);
