import { Badge, HStack, Skeleton, Stack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { tagsQueryOptions, useDeleteTagsMutation, useRenameTagMutation } from "../../../api/tags";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";
import { TAG_MAX_LENGTH } from "../../../../worker/contract/limits";
import { RenameDialog } from "../../../components/rename-dialog";
import { RouteErrorMessage } from "../../../components/route-error";
import { SearchInput } from "../../../components/search-input";
import { RenameDeleteButtons } from "../../../components/rename-delete-buttons";
import { ConfigSection } from "./config-section";

// A tag set's tags (the tag method's second column) with how many rows carry each: filter, rename, delete.
export const TagSetPanel = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const tags = useQuery(tagsQueryOptions(datasetId));
  const rename = useRenameTagMutation(datasetId);
  const remove = useDeleteTagsMutation(datasetId);
  const [filter, setFilter] = useState("");
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const needle = filter.trim().toLocaleLowerCase();
  const shown = (tags.data ?? []).filter(([tag]) => tag.toLocaleLowerCase().includes(needle));

  const confirmDelete = async (tag: string) => {
    const done = await remove.mutateAsync([tag]).then(() => true, notifyError);
    if (done) notifySuccess(t("common.toast.deleted"));
    setDeleting(null);
  };

  return (
    <ConfigSection title={t("kbConfig.tagSet.title")} description={t("kbConfig.tagSet.description")}>
      {tags.isError ? (
        <RouteErrorMessage error={tags.error} onRetry={() => void tags.refetch()} />
      ) : tags.isPending ? (
        <Skeleton h="24" rounded="md" />
      ) : tags.data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" data-testid="tag-set-empty">
          {t("kbConfig.tagSet.empty")}
        </Text>
      ) : (
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <SearchInput value={filter} onChange={setFilter} label={t("kbConfig.tagSet.filter")} delayMs={0} />
            <Text fontSize="sm" color="fg.muted">
              {t("kbConfig.tagSet.count", { count: tags.data.length })}
            </Text>
          </HStack>
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="96">
            <Table.Root size="sm" stickyHeader aria-label={t("kbConfig.tagSet.title")}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("kbConfig.tagSet.tag")}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t("kbConfig.tagSet.rows")}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <VisuallyHidden>{t("kbConfig.tagSet.actions")}</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.map(([tag, count]) => (
                  <Table.Row key={tag}>
                    <Table.Cell>
                      <Badge colorPalette="teal" variant="subtle">
                        {tag}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{count}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <RenameDeleteButtons
                        renameText={t("kbConfig.tagSet.rename")}
                        renameLabel={t("kbConfig.tagSet.renameTag", { tag })}
                        deleteLabel={t("kbConfig.tagSet.deleteTag", { tag })}
                        onRename={() => setRenaming(tag)}
                        onDelete={() => setDeleting(tag)}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {shown.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t("kbConfig.tagSet.noMatch")}
            </Text>
          )}
        </Stack>
      )}
      {renaming !== null && (
        <RenameDialog
          title={t("kbConfig.tagSet.renameTitle", { tag: renaming })}
          label={t("kbConfig.tagSet.newName")}
          name={renaming}
          keepExtension={false}
          maxLength={TAG_MAX_LENGTH}
          slashAllowed
          loading={rename.isPending}
          onSave={(toTag) => rename.mutateAsync({ from_tag: renaming, to_tag: toTag })}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("kbConfig.tagSet.deleteTitle", { tag: deleting ?? "" })}
        body={t("kbConfig.tagSet.deleteBody")}
        loading={remove.isPending}
        onConfirm={() => (deleting === null ? undefined : confirmDelete(deleting))}
      />
    </ConfigSection>
  );
};
