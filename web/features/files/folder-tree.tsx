import { Box, Button, HStack, IconButton, Spinner, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, Folder } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { foldersQueryOptions } from "../../api/files";

type NodeProps = {
  id: string | undefined;
  name: string;
  depth: number;
  chosen: string | undefined;
  excluded: Set<string>;
  onChoose: (id: string) => void;
  rootId?: string;
  testId: string;
};

// A folder and, once expanded, its sub-folders (loaded on demand). Folders being moved cannot be chosen.
const FolderNode = ({ id, name, depth, chosen, excluded, onChoose, rootId, testId }: NodeProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(depth === 0);
  const children = useQuery({ ...foldersQueryOptions(id), enabled: open });
  const folderId = id ?? children.data?.root?.id ?? rootId;
  const active = folderId !== undefined && folderId === chosen;
  return (
    <Box as="li" listStyleType="none">
      <HStack gap="1" ps={`${depth * 16}px`}>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t(open ? "files.collapse" : "files.expand", { name })}
          onClick={() => setOpen(!open)}
        >
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
          data-testid={testId}
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
              <FolderNode
                key={folder.id}
                id={folder.id}
                name={folder.name}
                depth={depth + 1}
                chosen={chosen}
                excluded={excluded}
                onChoose={onChoose}
                testId={testId}
              />
            ))}
        </Stack>
      )}
    </Box>
  );
};

type TreeProps = { chosen: string | undefined; onChoose: (id: string) => void; excluded?: string[]; testId?: string };

// The tree of the tenant's folders from the root, for navigating and for picking a destination.
export const FolderTree = ({ chosen, onChoose, excluded = [], testId = "folder-option" }: TreeProps) => {
  const { t } = useTranslation();
  return (
    <Stack as="ul" gap="0">
      <FolderNode
        id={undefined}
        name={t("files.root")}
        depth={0}
        chosen={chosen}
        excluded={new Set(excluded)}
        onChoose={onChoose}
        testId={testId}
      />
    </Stack>
  );
};
