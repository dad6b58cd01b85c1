import { Menu } from "@chakra-ui/react";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Chat } from "../../api/chats";
import { ActionsMenu, DangerItem } from "../../components/actions-menu";
import { SideListItem } from "../../components/side-list-item";

export type ItemAction = "edit" | "delete";

type Props = { chat: Chat; selected: boolean; onSelect: () => void; onAction: (action: ItemAction) => void };

// One assistant: the row selects it, the menu beside it edits or deletes it.
export const AssistantItem = ({ chat, selected, onSelect, onAction }: Props) => {
  const { t } = useTranslation();
  return (
    <SideListItem
      name={chat.name}
      avatar={chat.avatar || chat.icon}
      description={chat.description}
      detail={t("chatConfig.list.knowledgeCount", { count: chat.dataset_ids.length })}
      selected={selected}
      onSelect={onSelect}
      testId="assistant-item"
      menu={
        <ActionsMenu<ItemAction>
          label={t("chatConfig.list.actionsFor", { name: chat.name })}
          trigger={{ size: "xs" }}
          onAction={onAction}
        >
          <Menu.Item value="edit">
            <Pencil size={14} /> {t("chatConfig.list.edit")}
          </Menu.Item>
          <DangerItem value="delete">
            <Trash2 size={14} /> {t("chatConfig.list.delete")}
          </DangerItem>
        </ActionsMenu>
      }
    />
  );
};
