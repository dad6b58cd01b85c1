import { Box, Button, HStack, Heading, IconButton, Input, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Session } from "../../../worker/contract/chats";
import { type ShareClient, useDeleteSharedSessionMutation, useRenameSharedSessionMutation } from "../../api/share";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { formatDateTime } from "../../lib/format";

const SESSION_NAME_MAX = 255;

const RenameDialog = ({ client, session, onClose }: { client: ShareClient; session: Session; onClose(): void }) => {
  const { t } = useTranslation();
  const rename = useRenameSharedSessionMutation(client);
  const [name, setName] = useState(session.name);
  const [empty, setEmpty] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setEmpty(!trimmed);
    if (!trimmed) return;
    const saved = await rename.mutateAsync({ id: session.id, name: trimmed }).catch(notifyError);
    if (saved) onClose();
  };
  return (
    <FormDialog title={t("share.sessions.renameTitle")} onSubmit={(event) => void submit(event)} onClose={onClose} loading={rename.isPending}>
      <FormField label={t("share.sessions.name")} error={empty ? "validation.required" : undefined} required>
        <Input name="sessionName" value={name} maxLength={SESSION_NAME_MAX} onChange={(e) => setName(e.target.value)} autoFocus />
      </FormField>
    </FormDialog>
  );
};

type RowProps = { session: Session; selected: boolean; onSelect(): void; onRename(): void; onDelete(): void };

const SessionRow = ({ session, selected, onSelect, onRename, onDelete }: RowProps) => {
  const { t } = useTranslation();
  return (
    <HStack as="li" gap="0" rounded="md" bg={selected ? "brand.subtle" : undefined} _hover={{ bg: selected ? "brand.subtle" : "bg.muted" }} data-testid="shared-session">
      <Button variant="plain" flex="1" minW="0" h="auto" py="2" ps="3" pe="1" justifyContent="start" aria-current={selected ? "true" : undefined} onClick={onSelect}>
        <Stack gap="0" minW="0" align="start">
          <Text fontSize="sm" fontWeight={selected ? "semibold" : "normal"} color="fg" truncate maxW="full">
            {session.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            {formatDateTime(session.update_time)}
          </Text>
        </Stack>
      </Button>
      <HStack gap="0" pe="1" color="fg.muted">
        <IconButton size="2xs" variant="ghost" aria-label={t("share.sessions.rename", { name: session.name })} onClick={onRename}>
          <Pencil />
        </IconButton>
        <IconButton size="2xs" variant="ghost" aria-label={t("share.sessions.delete", { name: session.name })} onClick={onDelete}>
          <Trash2 />
        </IconButton>
      </HStack>
    </HStack>
  );
};

type Props = { client: ShareClient; sessions: UseQueryResult<Session[]>; selectedId: string | null; onSelect(id: string | null): void };

// The visitor's own conversations with this shared assistant (kept for its visitor id).
export const VisitorSessionList = ({ client, sessions, selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const remove = useDeleteSharedSessionMutation(client);
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
              onSelect={() => onSelect(session.id)}
              onRename={() => setRenaming(session)}
              onDelete={() => setDeleting(session)}
            />
          ))}
        </Stack>
      )}
      {renaming && <RenameDialog client={client} session={renaming} onClose={() => setRenaming(null)} />}
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
