import { Box, Button, EmptyState, HStack, Heading, Skeleton, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { MessageSquarePlus, MessagesSquare } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Session,
  sessionsQueryOptions,
  useCreateSessionMutation,
  useDeleteSessionMutation,
  useRenameSessionMutation,
} from "../../api/chats";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { RenameSessionDialog, SessionRow } from "./session-row";

type Props = { chatId: string; selectedId: string | null; onSelect(id: string | null): void };

// Middle column of /chat: the conversations of the selected assistant.
export const SessionList = ({ chatId, selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions(chatId));
  const create = useCreateSessionMutation(chatId);
  const remove = useDeleteSessionMutation(chatId);
  const rename = useRenameSessionMutation(chatId);
  const [renaming, setRenaming] = useState<Session | null>(null);
  const [deleting, setDeleting] = useState<Session | null>(null);

  const createSession = async () => {
    const created = await create.mutateAsync(t("chat.sessions.newName")).catch(notifyError);
    if (created) onSelect(created.id);
  };
  const deleteSession = async (session: Session) => {
    const done = await remove.mutateAsync(session.id).then(
      () => true,
      (error: unknown) => notifyError(error),
    );
    if (!done) return;
    notifySuccess(t("common.toast.deleted"));
    if (session.id === selectedId) onSelect(null);
  };

  const newChat = (
    <Button
      size="sm"
      colorPalette="teal"
      variant="subtle"
      loading={create.isPending}
      onClick={() => void createSession()}
    >
      <MessageSquarePlus /> {t("chat.sessions.new")}
    </Button>
  );

  return (
    <Stack as="nav" gap="0" aria-label={t("chat.sessions.title")}>
      <HStack justify="space-between" gap="2" px="3" py="3" borderBottomWidth="1px">
        <Heading as="h3" size="sm">
          {t("chat.sessions.title")}
        </Heading>
        {newChat}
      </HStack>
      {sessions.isError ? (
        <Box p="3">
          <RouteErrorMessage error={sessions.error} onRetry={() => void sessions.refetch()} />
        </Box>
      ) : sessions.isPending ? (
        <Stack p="3" gap="2" aria-busy="true" aria-label={t("common.loading")} data-testid="sessions-loading">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h="10" rounded="md" />
          ))}
        </Stack>
      ) : sessions.data.length === 0 ? (
        <EmptyState.Root size="sm" py="8">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <MessagesSquare />
            </EmptyState.Indicator>
            <EmptyState.Title fontSize="sm">{t("chat.sessions.empty")}</EmptyState.Title>
            <EmptyState.Description fontSize="xs">{t("chat.sessions.emptyHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="0.5" p="2" listStyleType="none">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              selected={session.id === selectedId}
              toolsOnHover
              testId="session"
              onSelect={() => onSelect(session.id)}
              onRename={() => setRenaming(session)}
              onDelete={() => setDeleting(session)}
            />
          ))}
        </Stack>
      )}
      {renaming && (
        <RenameSessionDialog
          session={renaming}
          pending={rename.isPending}
          rename={(name) => rename.mutateAsync({ id: renaming.id, name })}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("chat.sessions.deleteTitle")}
        body={t("chat.sessions.deleteBody", { name: deleting?.name ?? "" })}
        loading={remove.isPending}
        onConfirm={() => (deleting ? deleteSession(deleting) : undefined)}
      />
    </Stack>
  );
};
