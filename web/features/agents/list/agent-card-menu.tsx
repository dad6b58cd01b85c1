import { Menu } from "@chakra-ui/react";
import { Copy, SquarePen, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ActionsMenu, DangerItem } from "../../../components/actions-menu";

export type AgentAction = "open" | "duplicate" | "delete";

export const AgentCardMenu = ({ title, onAction }: { title: string; onAction: (action: AgentAction) => void }) => {
  const { t } = useTranslation();
  return (
    <ActionsMenu<AgentAction>
      label={t("agents.list.menu", { name: title })}
      trigger={{ position: "relative", zIndex: "1" }}
      onAction={onAction}
    >
      <Menu.Item value="open">
        <SquarePen size={14} /> {t("agents.list.open")}
      </Menu.Item>
      <Menu.Item value="duplicate">
        <Copy size={14} /> {t("agents.list.duplicate")}
      </Menu.Item>
      <Menu.Separator />
      <DangerItem value="delete">
        <Trash2 size={14} /> {t("common.delete")}
      </DangerItem>
    </ActionsMenu>
  );
};
