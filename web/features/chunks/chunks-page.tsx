import { Button, EmptyState, Flex, Grid, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Layers, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Chunk } from "../../../worker/contract/chunks";
import {
  type ChunkFilter,
  chunksQueryOptions,
  useDeleteChunksMutation,
  useSwitchChunksMutation,
} from "../../api/chunks";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess, notifyWarning } from "../../components/notify";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { SelectCheckbox } from "../../components/select-checkbox";
import { useSelection } from "../../components/use-selection";
import { ChunkCard } from "./chunk-card";
import { ChunkEditor } from "./chunk-editor";
import { DocumentPreview } from "./document-preview";

const PAGE_SIZE = 30;

export const ChunksPage = ({ datasetId, documentId }: { datasetId: string; documentId: string }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keywords, setKeywords] = useState("");
  const [filter, setFilter] = useState<ChunkFilter>("all");
  const { selected, select: selectIds, clear } = useSelection();
  // a bulk action only ever acts on chunks in view: another page, search or filter starts a new selection
  const [view, setView] = useState({ page, keywords, filter });
  if (view.page !== page || view.keywords !== keywords || view.filter !== filter) {
    setView({ page, keywords, filter });
    clear();
  }
  const [activeId, setActiveId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Chunk | "new" | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const query = useQuery(chunksQueryOptions(datasetId, documentId, { page, pageSize: PAGE_SIZE, keywords, filter }));
  const switcher = useSwitchChunksMutation(datasetId, documentId);
  const remove = useDeleteChunksMutation(datasetId, documentId);
  const chunks = query.data?.chunks ?? [];
  const ids = [...selected];

  // bulk actions need a selection (RAGFlow's "Please select chunk!")
  const withSelection = (action: () => void) => () =>
    ids.length === 0 ? notifyWarning(t("chunks.selectFirst")) : action();
  const allChecked = chunks.length > 0 && chunks.every((chunk) => selected.has(chunk.id));
  const someChecked = chunks.some((chunk) => selected.has(chunk.id));
  const setAvailable = (targets: string[], available: boolean) =>
    switcher.mutateAsync({ ids: targets, available }).then(() => notifySuccess(t("common.toast.updated")), notifyError);
  const select = (id: string, checked: boolean) => selectIds([id], checked);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <Stack gap="1">
          <Link to="/knowledge/dataset" search={{ id: datasetId }}>
            <HStack fontSize="sm" color="fg.muted" _hover={{ color: "fg" }}>
              <ArrowLeft size={14} /> <span>{t("chunks.back")}</span>
            </HStack>
          </Link>
          <Heading as="h1" size="xl" truncate maxW="2xl">
            {query.data?.doc.name ?? t("chunks.title")}
          </Heading>
        </Stack>
        <Button colorPalette="teal" onClick={() => setEditing("new")}>
          <Plus /> {t("chunks.add")}
        </Button>
      </Flex>
      <HStack gap="3" wrap="wrap">
        <SearchInput
          label={t("chunks.search")}
          value={keywords}
          onChange={(value) => {
            setKeywords(value);
            setPage(1);
          }}
        />
        <NativeSelect.Root w="40">
          <NativeSelect.Field
            aria-label={t("chunks.filter")}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as ChunkFilter);
              setPage(1);
            }}
          >
            <option value="all">{t("chunks.filterAll")}</option>
            <option value="enabled">{t("chunks.filterEnabled")}</option>
            <option value="disabled">{t("chunks.filterDisabled")}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="2" role="toolbar" aria-label={t("docs.selected", { count: ids.length })}>
          <SelectCheckbox
            checked={allChecked ? true : someChecked ? "indeterminate" : false}
            onChange={(checked) =>
              selectIds(
                chunks.map((chunk) => chunk.id),
                checked,
              )
            }
            label={t("docs.selectAll")}
          />
          <Text fontSize="sm" color="fg.muted">
            {t("docs.selected", { count: ids.length })}
          </Text>
          <Button size="xs" variant="outline" onClick={withSelection(() => void setAvailable(ids, true))}>
            {t("chunks.enable")}
          </Button>
          <Button size="xs" variant="outline" onClick={withSelection(() => void setAvailable(ids, false))}>
            {t("chunks.disable")}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={withSelection(() => setConfirmDelete(true))}>
            {t("chunks.delete")}
          </Button>
        </HStack>
      </HStack>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="64" rounded="lg" />
      ) : (
        <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 1fr) minmax(0, 1fr)" }} gap="4" alignItems="start">
          <Stack gap="2">
            {chunks.length === 0 ? (
              <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <Layers />
                  </EmptyState.Indicator>
                  <EmptyState.Description>
                    {keywords || filter !== "all" ? t("chunks.noMatch") : t("chunks.empty")}
                  </EmptyState.Description>
                </EmptyState.Content>
              </EmptyState.Root>
            ) : (
              chunks.map((chunk, i) => (
                <ChunkCard
                  key={chunk.id}
                  chunk={chunk}
                  index={(page - 1) * PAGE_SIZE + i + 1}
                  selected={selected.has(chunk.id)}
                  active={chunk.id === activeId}
                  onSelect={(checked) => select(chunk.id, checked)}
                  onActivate={() => setActiveId(chunk.id)}
                  onEdit={() => setEditing(chunk)}
                  onToggle={(available) => void setAvailable([chunk.id], available)}
                />
              ))
            )}
            <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
          </Stack>
          <DocumentPreview datasetId={datasetId} doc={query.data.doc} chunks={chunks} activeId={activeId} />
        </Grid>
      )}
      {editing && (
        <ChunkEditor
          datasetId={datasetId}
          documentId={documentId}
          chunk={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t("chunks.deleteTitle", { count: ids.length })}
        body={t("chunks.deleteBody")}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutateAsync(ids).then(() => {
            notifySuccess(t("common.toast.deleted"));
            clear();
            setConfirmDelete(false);
          }, notifyError)
        }
      />
    </Stack>
  );
};
