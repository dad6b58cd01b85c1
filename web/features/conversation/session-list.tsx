import { Box, Button, EmptyState, HStack, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { MessageSquarePlus, MessagesSquare } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Session } from "../../../worker/contract/chats";
import {
  type Asker,
  sessionsQueryOf,
  useCreateSessionMutation,
  useDeleteSessionMutation,
  useRenameSessionMutation,
} from "../../api/conversations";
import type { ShareClient } from "../../api/share";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { RenameSessionDialog, SessionRow } from "./session-row";

type Props = {
  chatId: string;
  // a share link's visitor: the visitor's own conversations (kept for its visitor id); new ones start elsewhere
  visitor?: ShareClient;
  selectedId: string | null;
  onSelect(id: string | null): void;
};

// The conversations of one assistant: the member's middle column of /chat, or a visitor's list on a share link.
export const SessionList = ({ chatId, visitor, selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const asker: Asker = useMemo(() => (visitor ? { visitor } : { chatId }), [chatId, visitor]);
  const sessions = useQuery(sessionsQueryOf(asker));
  const create = useCreateSessionMutation(asker);
  const remove = useDeleteSessionMutation(asker);
  const rename = useRenameSessionMutation(asker);
  const [renaming, setRenaming] = useState<Session | null>(null);
  const [deleting, setDeleting] = useState<Session | null>(null);
  const member = visitor === undefined;
  const title = member ? t("chat.sessions.title") : t("share.sessions.title");

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
    if (member) notifySuccess(t("common.toast.deleted"));
    if (session.id === selectedId) onSelect(null);
  };

  return (
    <Stack as="nav" gap="0" aria-label={title}>
      {member ? (
        <HStack justify="space-between" gap="2" px="3" py="3" borderBottomWidth="1px">
          <Heading as="h3" size="sm">
            {title}
          </Heading>
          <Button
            size="sm"
            colorPalette="teal"
            variant="subtle"
            loading={create.isPending}
            onClick={() => void createSession()}
          >
            <MessageSquarePlus /> {t("chat.sessions.new")}
          </Button>
        </HStack>
      ) : (
        <Heading as="h2" size="sm" px="3" pt="3" pb="2">
          {title}
        </Heading>
      )}
      {sessions.isError ? (
        <Box p="3">
          <RouteErrorMessage error={sessions.error} onRetry={() => void sessions.refetch()} />
        </Box>
      ) : sessions.isPending ? (
        <Stack
          p="3"
          gap="2"
          aria-busy="true"
          aria-label={t("common.loading")}
          data-testid={member ? "sessions-loading" : undefined}
        >
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h="10" rounded="md" />
          ))}
        </Stack>
      ) : sessions.data.length === 0 ? (
        member ? (
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
          <Text px="3" py="4" fontSize="sm" color="fg.muted">
            {t("share.sessions.empty")}
          </Text>
        )
      ) : (
        <Stack as="ul" gap="0.5" p="2" listStyleType="none">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              selected={session.id === selectedId}
              toolsOnHover={member}
              testId={member ? "session" : "shared-session"}
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
        title={member ? t("chat.sessions.deleteTitle") : t("share.sessions.deleteTitle")}
        body={
          member
            ? t("chat.sessions.deleteBody", { name: deleting?.name ?? "" })
            : t("share.sessions.deleteBody", { name: deleting?.name ?? "" })
        }
        loading={remove.isPending}
        onConfirm={() => (deleting ? deleteSession(deleting) : undefined)}
      />
    </Stack>
  );
};
