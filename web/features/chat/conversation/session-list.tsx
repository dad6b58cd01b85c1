import { Box, Button, EmptyState, HStack, Heading, IconButton, Input, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { MessageSquarePlus, MessagesSquare, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Session, sessionsQueryOptions, useCreateSessionMutation, useDeleteSessionMutation, useRenameSessionMutation } from "../../../api/chats";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FormDialog } from "../../../components/form-dialog";
import { FormField } from "../../../components/form-field";
import { notifyError, notifySuccess } from "../../../components/notify";
import { RouteErrorMessage } from "../../../components/route-error";
import { formatDateTime } from "../../../lib/format";

const SESSION_NAME_MAX = 255;

type Props = { chatId: string; selectedId: string | null; onSelect(id: string | null): void };

const RenameSessionDialog = ({ chatId, session, onClose }: { chatId: string; session: Session; onClose(): void }) => {
  const { t } = useTranslation();
  const rename = useRenameSessionMutation(chatId);
  const [name, setName] = useState(session.name);
  const [empty, setEmpty] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setEmpty(!trimmed);
    if (!trimmed) return;
    const saved = await rename.mutateAsync({ id: session.id, name: trimmed }).catch(notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.renamed"));
    onClose();
  };
  return (
    <FormDialog title={t("chat.sessions.renameTitle")} onSubmit={submit} onClose={onClose} loading={rename.isPending}>
      <FormField label={t("chat.sessions.name")} error={empty ? "validation.required" : undefined} required>
        <Input name="sessionName" value={name} maxLength={SESSION_NAME_MAX} onChange={(e) => setName(e.target.value)} autoFocus />
      </FormField>
    </FormDialog>
  );
};

const SessionRow = ({ session, selected, onSelect, onRename, onDelete }: { session: Session; selected: boolean; onSelect(): void; onRename(): void; onDelete(): void }) => {
  const { t } = useTranslation();
  return (
    <HStack
      as="li"
      gap="0"
      rounded="md"
      bg={selected ? "brand.subtle" : undefined}
      _hover={{ bg: selected ? "brand.subtle" : "bg.muted" }}
      css={{ "& .session-tools": { opacity: selected ? 1 : 0 }, "&:hover .session-tools, &:focus-within .session-tools": { opacity: 1 } }}
      data-testid="session"
    >
      <Button
        variant="plain"
        flex="1"
        minW="0"
        h="auto"
        py="2"
        ps="3"
        pe="1"
        justifyContent="start"
        aria-current={selected ? "true" : undefined}
        onClick={onSelect}
      >
        <Stack gap="0" minW="0" align="start">
          <Text fontSize="sm" fontWeight={selected ? "semibold" : "normal"} color={selected ? "brand.fg" : "fg"} truncate maxW="full">
            {session.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            {formatDateTime(session.update_time)}
          </Text>
        </Stack>
      </Button>
      <HStack className="session-tools" gap="0" pe="1">
        <IconButton size="2xs" variant="ghost" aria-label={t("chat.sessions.rename", { name: session.name })} onClick={onRename}>
          <Pencil />
        </IconButton>
        <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t("chat.sessions.delete", { name: session.name })} onClick={onDelete}>
          <Trash2 />
        </IconButton>
      </HStack>
    </HStack>
  );
};

// Middle column of /chat: the conversations of the selected assistant.
export const SessionList = ({ chatId, selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions(chatId));
  const create = useCreateSessionMutation(chatId);
  const remove = useDeleteSessionMutation(chatId);
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
    <Button size="sm" colorPalette="teal" variant="subtle" loading={create.isPending} onClick={() => void createSession()}>
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
              onSelect={() => onSelect(session.id)}
              onRename={() => setRenaming(session)}
              onDelete={() => setDeleting(session)}
            />
          ))}
        </Stack>
      )}
      {renaming && <RenameSessionDialog chatId={chatId} session={renaming} onClose={() => setRenaming(null)} />}
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
