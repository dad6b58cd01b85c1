import { IconButton, type IconButtonProps, Menu } from "@chakra-ui/react";
import { MoreHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { PopupMenu } from "./popup-menu";

type Props<A extends string> = {
  label: string;
  onAction: (action: A) => void;
  children: ReactNode;
  testId?: string;
  trigger?: IconButtonProps;
};

// The "…" menu of a row or card: a ghost icon button opening the given items; the chosen item's value is the action.
export const ActionsMenu = <A extends string>({ label, onAction, children, testId, trigger }: Props<A>) => (
  <PopupMenu
    onSelect={({ value }) => onAction(value as A)}
    positioning={{ placement: "bottom-end" }}
    trigger={
      <IconButton variant="ghost" size="sm" aria-label={label} data-testid={testId} {...trigger}>
        <MoreHorizontal />
      </IconButton>
    }
  >
    {children}
  </PopupMenu>
);

// The destructive last item, red in both themes.
export const DangerItem = ({ value, children }: { value: string; children: ReactNode }) => (
  <Menu.Item value={value} color="fg.error" _hover={{ bg: "bg.error", color: "fg.error" }}>
    {children}
  </Menu.Item>
);
