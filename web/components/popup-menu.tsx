import { Menu, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = Omit<Menu.RootProps, "children"> & {
  trigger: ReactNode;
  content?: Menu.ContentProps;
  children: ReactNode;
};

// A menu opened by the given button: the root's props (onSelect, positioning …) pass through, the items float in a portal.
export const PopupMenu = ({ trigger, content, children, ...root }: Props) => (
  <Menu.Root {...root}>
    <Menu.Trigger asChild>{trigger}</Menu.Trigger>
    <Portal>
      <Menu.Positioner>
        <Menu.Content {...content}>{children}</Menu.Content>
      </Menu.Positioner>
    </Portal>
  </Menu.Root>
);
