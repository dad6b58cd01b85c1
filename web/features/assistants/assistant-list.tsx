import { Button, EmptyState, HStack, Heading, IconButton, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Bot, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Chat, chatsQueryOptions, useDeleteChatMutation } from "../../api/chats";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { AssistantItem } from "./assistant-item";
import { ChatConfigDialog } from "./chat-config-dialog";

type Props = { selectedId: string | null; onSelect: (id: string | null) => void };

// Name or description containing the text, ignoring case.
const matching = (chats: Chat[], search: string) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return chats;
  return chats.filter(
    (chat) => chat.name.toLowerCase().includes(needle) || (chat.description ?? "").toLowerCase().includes(needle),
  );
};

// The left column of /chat: the user's assistants, searchable, with create, edit and delete.
export const AssistantList = ({ selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const query = useQuery(chatsQueryOptions());
  const remove = useDeleteChatMutation();
  const [search, setSearch] = useState("");
  // "new" opens the dialog empty, a chat opens it for editing
  const [editing, setEditing] = useState<Chat | "new" | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);

  const confirmDelete = async (chat: Chat) => {
    try {
      await remove.mutateAsync(chat.id);
    } catch (error) {
      notifyError(error);
      return;
    }
    notifySuccess(t("common.toast.deleted"));
    if (chat.id === selectedId) onSelect(null);
  };

  const onSaved = (saved: Chat) => {
    if (editing === "new") onSelect(saved.id);
    setEditing(null);
  };

  const chats = matching(query.data ?? [], search);
  const createButton = (
    <Button size="sm" colorPalette="teal" onClick={() => setEditing("new")}>
      <Plus /> {t("chatConfig.list.create")}
    </Button>
  );
  return (
    <Stack gap="3" p="3">
      <HStack justify="space-between">
        <Heading as="h2" size="sm">
          {t("chatConfig.list.title")}
        </Heading>
        <IconButton
          size="xs"
          variant="outline"
          colorPalette="teal"
          aria-label={t("chatConfig.list.create")}
          title={t("chatConfig.list.create")}
          onClick={() => setEditing("new")}
        >
          <Plus />
        </IconButton>
      </HStack>
      <SearchInput label={t("chatConfig.list.search")} value={search} onChange={setSearch} />
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="2" aria-busy="true" data-testid="assistants-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h="14" rounded="md" />
          ))}
        </Stack>
      ) : query.data.length === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Bot />
            </EmptyState.Indicator>
            <EmptyState.Title fontSize="md">{t("chatConfig.list.empty")}</EmptyState.Title>
            <EmptyState.Description>{t("chatConfig.list.emptyHint")}</EmptyState.Description>
            {createButton}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : chats.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t("chatConfig.list.noMatch", { query: search.trim() })}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t("chatConfig.list.title")}>
          {chats.map((chat) => (
            <AssistantItem
              key={chat.id}
              chat={chat}
              selected={chat.id === selectedId}
              onSelect={() => onSelect(chat.id)}
              onAction={(action) => (action === "edit" ? setEditing(chat) : setDeleting(chat))}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <ChatConfigDialog
          chat={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t("chatConfig.list.deleteTitle")}
          body={t("chatConfig.list.deleteBody", { name: deleting.name })}
          loading={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </Stack>
  );
};
