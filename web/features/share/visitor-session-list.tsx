import { Box, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Session } from "../../../worker/contract/chats";
import { type ShareClient, useDeleteSharedSessionMutation, useRenameSharedSessionMutation } from "../../api/share";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { RenameSessionDialog, SessionRow } from "../conversation/session-row";

type Props = {
  client: ShareClient;
  sessions: UseQueryResult<Session[]>;
  selectedId: string | null;
  onSelect(id: string | null): void;
};

// The visitor's own conversations with this shared assistant (kept for its visitor id).
export const VisitorSessionList = ({ client, sessions, selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const remove = useDeleteSharedSessionMutation(client);
  const rename = useRenameSharedSessionMutation(client);
  const [renaming, setRenaming] = useState<Session | null>(null);
  const [deleting, setDeleting] = useState<Session | null>(null);

  const deleteSession = async (session: Session) => {
    const done = await remove.mutateAsync(session.id).then(
      () => true,
      (error: unknown) => notifyError(error),
    );
    if (done && session.id === selectedId) onSelect(null);
  };

  return (
    <Stack as="nav" gap="0" aria-label={t("share.sessions.title")}>
      <Heading as="h2" size="sm" px="3" pt="3" pb="2">
        {t("share.sessions.title")}
      </Heading>
      {sessions.isError ? (
        <Box p="3">
          <RouteErrorMessage error={sessions.error} onRetry={() => void sessions.refetch()} />
        </Box>
      ) : sessions.isPending ? (
        <Stack p="3" gap="2" aria-busy="true" aria-label={t("common.loading")}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h="10" rounded="md" />
          ))}
        </Stack>
      ) : sessions.data.length === 0 ? (
        <Text px="3" py="4" fontSize="sm" color="fg.muted">
          {t("share.sessions.empty")}
        </Text>
      ) : (
        <Stack as="ul" gap="0.5" p="2" listStyleType="none">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              selected={session.id === selectedId}
              testId="shared-session"
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
        title={t("share.sessions.deleteTitle")}
        body={t("share.sessions.deleteBody", { name: deleting?.name ?? "" })}
        loading={remove.isPending}
        onConfirm={() => (deleting ? deleteSession(deleting) : undefined)}
      />
    </Stack>
  );
};
