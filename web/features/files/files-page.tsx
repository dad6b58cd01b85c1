import {
  Box,
  Button,
  EmptyState,
  Flex,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FolderOpen, FolderPlus, Link2, Trash2, Upload, FolderInput, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FILE_ORDER, type FileEntry } from "../../../worker/contract/files";
import { type FileListParams, filesQueryOptions } from "../../api/files";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { useSelection } from "../../components/use-selection";
import { FileBreadcrumb } from "./file-breadcrumb";
import { FileTable } from "./file-table";
import { FolderTree } from "./folder-tree";
import { FileDialogs } from "./file-dialogs";
import { type FileDialog, useFileActions } from "./use-file-actions";

const PAGE_SIZE = 20;

export type FilesSearch = { folder?: string; q?: string; page?: number };

type Props = { search: FilesSearch; onSearchChange: (search: FilesSearch) => void };

export const FilesPage = ({ search, onSearchChange }: Props) => {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Pick<FileListParams, "orderby" | "desc">>({ orderby: "create_time", desc: true });
  const page = search.page ?? 1;
  const query = useQuery(
    filesQueryOptions({ parentId: search.folder, page, pageSize: PAGE_SIZE, keywords: search.q, ...sort }),
  );
  const { selected, select, clear } = useSelection();
  const files = query.data?.files ?? [];
  const chosen = files.filter((file) => selected.has(file.id));
  const folder = query.data?.parent_folder;
  const readonlyFolder = folder?.readonly ?? false;
  const openFolder = (id: string | undefined) => {
    clear();
    onSearchChange({ folder: id });
  };
  const actions = useFileActions({ openFolder, clearSelection: clear });
  const show = (dialog: FileDialog) => actions.setDialog(dialog);

  return (
    <Stack gap="5" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("files.title")}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {readonlyFolder ? t("files.knowledgebaseHint") : t("files.description")}
        </Text>
      </Stack>
      <Flex gap="3" wrap="wrap" align="center">
        <FileBreadcrumb folderId={search.folder} onOpen={openFolder} />
        <Flex gap="3" wrap="wrap" ms="auto">
          <SearchInput
            label={t("files.search")}
            value={search.q ?? ""}
            onChange={(q) => onSearchChange({ ...search, q: q || undefined, page: undefined })}
          />
          <NativeSelect.Root w="auto">
            <NativeSelect.Field
              aria-label={t("files.sort")}
              value={`${sort.orderby}:${sort.desc ? "desc" : "asc"}`}
              onChange={(e) => {
                const [orderby, direction] = e.target.value.split(":") as [FileListParams["orderby"], string];
                setSort({ orderby, desc: direction === "desc" });
              }}
            >
              {FILE_ORDER.flatMap((key) =>
                [true, false].map((desc) => (
                  <option key={`${key}:${desc}`} value={`${key}:${desc ? "desc" : "asc"}`}>
                    {t(`files.sortBy.${key}`)} · {desc ? t("files.descending") : t("files.ascending")}
                  </option>
                )),
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {!readonlyFolder && (
            <>
              <Button variant="outline" onClick={() => show({ kind: "new-folder" })}>
                <FolderPlus /> {t("files.newFolder")}
              </Button>
              <Button colorPalette="teal" onClick={() => show({ kind: "upload" })}>
                <Upload /> {t("files.add")}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      {chosen.length > 0 && (
        <HStack
          gap="2"
          wrap="wrap"
          borderWidth="1px"
          rounded="md"
          px="3"
          py="2"
          bg="brand.subtle"
          data-testid="file-bulk-bar"
        >
          <Text fontSize="sm" fontWeight="medium" me="auto">
            {t("files.bulk.selected", { count: chosen.length })}
          </Text>
          <Button size="sm" variant="outline" onClick={() => show({ kind: "link", files: chosen })}>
            <Link2 /> {t("files.action.link")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => show({ kind: "move", files: chosen })}>
            <FolderInput /> {t("files.action.move")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => show({ kind: "delete", files: chosen })}
          >
            <Trash2 /> {t("files.action.delete")}
          </Button>
          <Button size="sm" variant="ghost" onClick={clear}>
            <X /> {t("files.bulk.clear")}
          </Button>
        </HStack>
      )}
      <Grid templateColumns={{ base: "1fr", lg: "220px minmax(0, 1fr)" }} gap="5" alignItems="start">
        <Box
          hideBelow="lg"
          borderWidth="1px"
          rounded="lg"
          p="2"
          bg="app.surface"
          maxH="70vh"
          overflowY="auto"
          as="nav"
          aria-label={t("files.folderTree")}
          data-testid="folder-tree"
        >
          <FolderTree chosen={folder?.id} onChoose={openFolder} testId="folder-tree-item" />
        </Box>
        <Stack gap="4" minW="0">
          {query.isError ? (
            <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
          ) : query.isPending ? (
            <Skeleton h="48" rounded="lg" />
          ) : files.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="app.surface">
              <EmptyState.Content>
                <EmptyState.Indicator color="brand.fg">
                  <FolderOpen />
                </EmptyState.Indicator>
                <EmptyState.Title>{search.q ? t("files.noMatch") : t("files.empty")}</EmptyState.Title>
                {!search.q && !readonlyFolder && (
                  <EmptyState.Description>{t("files.emptyHint")}</EmptyState.Description>
                )}
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <>
              <FileTable
                files={files}
                selected={selected}
                onSelect={select}
                onOpen={actions.open}
                onAction={actions.onRowAction}
                onUnlink={actions.unlink}
              />
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={query.data.total}
                onChange={(next) => onSearchChange({ ...search, page: next })}
              />
            </>
          )}
        </Stack>
      </Grid>
      <FileDialogs
        dialog={actions.dialog}
        actions={actions}
        folder={folder as FileEntry | undefined}
        parentId={search.folder}
      />
    </Stack>
  );
};
