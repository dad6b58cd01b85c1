import { Avatar, chakra, HStack, Menu, Stack, Text } from "@chakra-ui/react";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Chat } from "../../../api/chats";
import { ActionsMenu, DangerItem } from "../../../components/actions-menu";

export type ItemAction = "edit" | "delete";

type Props = { chat: Chat; selected: boolean; onSelect: () => void; onAction: (action: ItemAction) => void };

// One assistant: the row selects it, the menu beside it edits or deletes it.
export const AssistantItem = ({ chat, selected, onSelect, onAction }: Props) => {
  const { t } = useTranslation();
  const avatar = chat.avatar || chat.icon;
  return (
    <HStack as="li" gap="0" pe="1" rounded="md" bg={selected ? "brand.muted" : undefined} _hover={{ bg: selected ? "brand.muted" : "bg.muted" }} data-testid="assistant-item">
      <chakra.button
        type="button"
        flex="1"
        minW="0"
        display="flex"
        alignItems="center"
        gap="3"
        px="2"
        py="2"
        rounded="md"
        textAlign="start"
        cursor="pointer"
        focusVisibleRing="inside"
        aria-current={selected ? "true" : undefined}
        onClick={onSelect}
      >
        <Avatar.Root size="sm" colorPalette="teal" flexShrink="0" aria-hidden>
          <Avatar.Fallback name={chat.name} />
          {avatar && <Avatar.Image src={avatar} alt="" />}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="medium" fontSize="sm" truncate>
            {chat.name}
          </Text>
          {chat.description && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {chat.description}
            </Text>
          )}
          <Text fontSize="xs" color="fg.subtle">
            {t("chatConfig.list.knowledgeCount", { count: chat.dataset_ids.length })}
          </Text>
        </Stack>
      </chakra.button>
      <ActionsMenu<ItemAction> label={t("chatConfig.list.actionsFor", { name: chat.name })} trigger={{ size: "xs" }} onAction={onAction}>
        <Menu.Item value="edit">
          <Pencil size={14} /> {t("chatConfig.list.edit")}
        </Menu.Item>
        <DangerItem value="delete">
          <Trash2 size={14} /> {t("chatConfig.list.delete")}
        </DangerItem>
      </ActionsMenu>
    </HStack>
  );
};
