import { IconButton, Menu, Portal } from "@chakra-ui/react";
import { Copy, MoreHorizontal, SquarePen, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";

export type AgentAction = "open" | "duplicate" | "delete";

export const AgentCardMenu = ({ title, onAction }: { title: string; onAction: (action: AgentAction) => void }) => {
  const { t } = useTranslation();
  return (
    <Menu.Root onSelect={({ value }) => onAction(value as AgentAction)} positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("agents.list.menu", { name: title })} position="relative" zIndex="1">
          <MoreHorizontal />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="open">
              <SquarePen size={14} /> {t("agents.list.open")}
            </Menu.Item>
            <Menu.Item value="duplicate">
              <Copy size={14} /> {t("agents.list.duplicate")}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="delete" color="fg.error" _hover={{ bg: "bg.error", color: "fg.error" }}>
              <Trash2 size={14} /> {t("common.delete")}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};
