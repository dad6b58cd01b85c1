import { Badge, Button, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Tags } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MetadataFieldSummary, MetadataUpdateInput } from "../../../worker/contract/dataset-metadata";
import { metadataSummaryQueryOptions, useUpdateMetadataMutation } from "../../api/documents";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { META_FIELDS_MAX_BYTES } from "../../../worker/contract/limits";
import { RenameDialog } from "../../components/rename-dialog";
import { RouteErrorMessage } from "../../components/route-error";
import { RenameDeleteButtons } from "../../components/rename-delete-buttons";
import { ViewDialog } from "../../components/view-dialog";

type Target = { key: string; value?: string; type: MetadataFieldSummary["type"] };

// a number field keeps numbers: "2021" typed into it is saved as 2021
const typed = (text: string, type: MetadataFieldSummary["type"]) =>
  type === "number" && text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;

// "Metadaten verwalten": every metadata field of the knowledge base's documents with its values and how many
// documents have each; a value is renamed or removed in all documents at once, a field removed everywhere.
export const MetadataManagerButton = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Tags aria-hidden /> {t("docs.metadata.manage")}
      </Button>
      {open && <MetadataManagerDialog datasetId={datasetId} onClose={() => setOpen(false)} />}
    </>
  );
};

const MetadataManagerDialog = ({ datasetId, onClose }: { datasetId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const summary = useQuery(metadataSummaryQueryOptions(datasetId));
  const update = useUpdateMetadataMutation(datasetId);
  const [renaming, setRenaming] = useState<Target | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const fields = Object.entries(summary.data?.summary ?? {});

  // the rename dialog announces its own success
  const rename = (target: Target, value: string) =>
    update.mutateAsync({
      updates: [{ key: target.key, value: typed(value, target.type), match: target.value }],
      deletes: [],
    });
  const remove = async (target: Target) => {
    const deletes: MetadataUpdateInput["deletes"] = [
      target.value === undefined ? { key: target.key } : { key: target.key, value: target.value },
    ];
    const result = await update.mutateAsync({ updates: [], deletes }).catch(notifyError);
    if (result) notifySuccess(t("docs.metadata.changed", { count: result.updated }));
    setDeleting((current) => (current === target ? null : current));
  };

  return (
    <ViewDialog title={t("docs.metadata.title")} size="lg" testId="metadata-manager" onClose={onClose}>
      {summary.isError ? (
        <RouteErrorMessage error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.isPending ? (
        <Skeleton h="32" rounded="md" />
      ) : fields.length === 0 ? (
        <Text color="fg.muted" data-testid="metadata-empty">
          {t("docs.metadata.empty")}
        </Text>
      ) : (
        <Stack gap="6">
          <Text fontSize="sm" color="fg.muted">
            {t("docs.metadata.description")}
          </Text>
          {fields.map(([key, field]) => (
            <Stack key={key} gap="2" as="section" aria-label={key}>
              <HStack justify="space-between" wrap="wrap">
                <HStack gap="2">
                  <Text fontWeight="semibold">{key}</Text>
                  <Badge variant="subtle">{t(`docs.metadata.types.${field.type}`)}</Badge>
                </HStack>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setDeleting({ key, type: field.type })}
                  aria-label={t("docs.metadata.deleteFieldLabel", { key })}
                >
                  {t("docs.metadata.deleteField")}
                </Button>
              </HStack>
              <Table.Root size="sm" aria-label={t("docs.metadata.valuesOf", { key })}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("docs.metadata.value")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("docs.metadata.documents")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("docs.metadata.actions")}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {field.values.map(([value, count]) => (
                    <Table.Row key={value}>
                      <Table.Cell wordBreak="break-word">{value}</Table.Cell>
                      <Table.Cell textAlign="end">{count}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <RenameDeleteButtons
                          renameText={t("docs.metadata.rename")}
                          renameLabel={t("docs.metadata.renameLabel", { key, value })}
                          deleteLabel={t("docs.metadata.deleteLabel", { key, value })}
                          onRename={() => setRenaming({ key, value, type: field.type })}
                          onDelete={() => setDeleting({ key, value, type: field.type })}
                        />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Stack>
          ))}
        </Stack>
      )}
      {renaming?.value !== undefined && (
        <RenameDialog
          title={t("docs.metadata.renameTitle", { key: renaming.key, value: renaming.value })}
          label={t("docs.metadata.newValue")}
          name={renaming.value}
          keepExtension={false}
          slashAllowed
          maxLength={META_FIELDS_MAX_BYTES}
          loading={update.isPending}
          onSave={(value) => rename(renaming, value)}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={
          deleting?.value === undefined
            ? t("docs.metadata.deleteFieldTitle", { key: deleting?.key ?? "" })
            : t("docs.metadata.deleteTitle", { key: deleting.key, value: deleting.value })
        }
        body={t(deleting?.value === undefined ? "docs.metadata.deleteFieldBody" : "docs.metadata.deleteBody")}
        loading={update.isPending}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </ViewDialog>
  );
};
