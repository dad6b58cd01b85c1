import { Button, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Session } from "../../../worker/contract/chats";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatDateTime } from "../../lib/format";

const SESSION_NAME_MAX = 255;

type RenameProps = { session: Session; pending: boolean; rename(name: string): Promise<unknown>; onClose(): void };

// Renames a conversation (the owner's or a shared chat visitor's).
export const RenameSessionDialog = ({ session, pending, rename, onClose }: RenameProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState(session.name);
  const [empty, setEmpty] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setEmpty(!trimmed);
    if (!trimmed) return;
    const saved = await rename(trimmed).catch(notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.renamed"));
    onClose();
  };
  return (
    <FormDialog title={t("chat.sessions.renameTitle")} onSubmit={submit} onClose={onClose} loading={pending}>
      <FormField label={t("chat.sessions.name")} error={empty ? "validation.required" : undefined} required>
        <Input
          name="sessionName"
          value={name}
          maxLength={SESSION_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </FormField>
    </FormDialog>
  );
};

type RowProps = {
  session: Session;
  selected: boolean;
  // rename/delete show on hover and focus only (a mouse UI); otherwise always (a visitor's phone)
  toolsOnHover?: boolean;
  testId: string;
  onSelect(): void;
  onRename(): void;
  onDelete(): void;
};

// One conversation in a list: name and last change, with rename and delete.
export const SessionRow = ({
  session,
  selected,
  toolsOnHover = false,
  testId,
  onSelect,
  onRename,
  onDelete,
}: RowProps) => {
  const { t } = useTranslation();
  const hiddenTools = toolsOnHover && !selected;
  return (
    <HStack
      as="li"
      gap="0"
      rounded="md"
      bg={selected ? "brand.subtle" : undefined}
      _hover={{ bg: selected ? "brand.subtle" : "bg.muted" }}
      css={{
        "& .session-tools": { opacity: hiddenTools ? 0 : 1 },
        "&:hover .session-tools, &:focus-within .session-tools": { opacity: 1 },
      }}
      data-testid={testId}
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
          <Text
            fontSize="sm"
            fontWeight={selected ? "semibold" : "normal"}
            color={selected ? "brand.fg" : "fg"}
            truncate
            maxW="full"
          >
            {session.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            {formatDateTime(session.update_time)}
          </Text>
        </Stack>
      </Button>
      <HStack className="session-tools" gap="0" pe="1">
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("chat.sessions.rename", { name: session.name })}
          onClick={onRename}
        >
          <Pencil />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t("chat.sessions.delete", { name: session.name })}
          onClick={onDelete}
        >
          <Trash2 />
        </IconButton>
      </HStack>
    </HStack>
  );
};
