import { Box, Button, HStack, IconButton, Spinner, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, Folder } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { foldersQueryOptions } from "../../api/files";
import { FormDialog } from "../../components/form-dialog";

type NodeProps = { id: string | undefined; name: string; depth: number; chosen: string | undefined; excluded: Set<string>; onChoose: (id: string) => void; rootId?: string };

// A folder and, once expanded, its sub-folders (loaded on demand). Folders being moved cannot be chosen.
const FolderNode = ({ id, name, depth, chosen, excluded, onChoose, rootId }: NodeProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(depth === 0);
  const children = useQuery({ ...foldersQueryOptions(id), enabled: open });
  const folderId = id ?? children.data?.root?.id ?? rootId;
  const active = folderId !== undefined && folderId === chosen;
  return (
    <Box as="li" listStyleType="none">
      <HStack gap="1" ps={`${depth * 16}px`}>
        <IconButton size="2xs" variant="ghost" aria-label={t(open ? "files.collapse" : "files.expand", { name })} onClick={() => setOpen(!open)}>
          {open ? <ChevronDown /> : <ChevronRight />}
        </IconButton>
        <Button
          size="xs"
          variant={active ? "subtle" : "ghost"}
          colorPalette={active ? "teal" : "gray"}
          justifyContent="start"
          aria-pressed={active}
          disabled={folderId === undefined}
          onClick={() => folderId && onChoose(folderId)}
          data-testid="folder-option"
        >
          <Folder size={14} /> {name}
        </Button>
        {children.isFetching && <Spinner size="xs" />}
      </HStack>
      {open && children.data && (
        <Stack as="ul" gap="0">
          {children.data.folders
            .filter((folder) => !excluded.has(folder.id))
            .map((folder) => (
              <FolderNode key={folder.id} id={folder.id} name={folder.name} depth={depth + 1} chosen={chosen} excluded={excluded} onChoose={onChoose} />
            ))}
        </Stack>
      )}
    </Box>
  );
};

type Props = { excludeIds: string[]; loading: boolean; onPick: (folderId: string) => Promise<unknown>; onClose: () => void };

export const FolderPickerDialog = ({ excludeIds, loading, onPick, onClose }: Props) => {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) void onPick(chosen);
  };
  return (
    <FormDialog title={t("files.moveTitle")} onSubmit={submit} onClose={onClose} loading={loading} submitLabel={t("files.moveHere")} submitDisabled={!chosen}>
      <Stack as="ul" gap="0" maxH="sm" overflowY="auto" borderWidth="1px" rounded="md" p="2" data-testid="folder-picker">
        <FolderNode id={undefined} name={t("files.root")} depth={0} chosen={chosen} excluded={new Set(excludeIds)} onChoose={setChosen} />
      </Stack>
    </FormDialog>
  );
};
