import { EmptyState, Flex, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FileStack } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { documentsQueryOptions } from "../../api/documents";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { useSelection } from "../../components/use-selection";
import { BulkBar } from "./bulk-bar";
import { DocumentTable } from "./document-table";
import { MetaDialog } from "./meta-dialog";
import { MethodDialog } from "./method-dialog";
import { RenameDialog } from "./rename-dialog";
import { ReparseDialog } from "./reparse-dialog";
import { MetadataManagerButton } from "./metadata-manager";
import { UploadDialog } from "./upload-dialog";
import { useDocumentActions } from "./use-document-actions";

const PAGE_SIZE = 20;

export const DocumentsPage = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keywords, setKeywords] = useState("");
  const { selected, select, clear: clearSelection } = useSelection();
  const query = useQuery(documentsQueryOptions(datasetId, { page, pageSize: PAGE_SIZE, keywords }));
  const actions = useDocumentActions(datasetId);
  const docs = query.data?.docs ?? [];
  const selectedDocs = docs.filter((doc) => selected.has(doc.id));
  const { dialog, setDialog } = actions;

  return (
    <Stack gap="5">
      <Flex justify="space-between" gap="4" wrap="wrap" align="end">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {t("docs.title")}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t("docs.description")}
          </Text>
        </Stack>
        <Flex gap="3" wrap="wrap">
          <SearchInput
            label={t("docs.search")}
            value={keywords}
            onChange={(value) => {
              setKeywords(value);
              setPage(1);
            }}
          />
          <MetadataManagerButton datasetId={datasetId} />
          <UploadDialog datasetId={datasetId} />
        </Flex>
      </Flex>
      {selectedDocs.length > 0 && (
        <BulkBar
          count={selectedDocs.length}
          busy={actions.busy}
          onParse={() => void actions.parseSelection(selectedDocs).then((queued) => queued && clearSelection())}
          onCancel={() => void actions.stopDocs(selectedDocs.map((doc) => doc.id)).then(clearSelection)}
          onEnable={(enabled) => void actions.setEnabled(selectedDocs, enabled)}
          onDelete={() => setDialog({ kind: "delete", docs: selectedDocs })}
        />
      )}
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="48" rounded="lg" />
      ) : docs.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <FileStack />
            </EmptyState.Indicator>
            <EmptyState.Description>{keywords ? t("docs.noMatch") : t("docs.empty")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <DocumentTable
            datasetId={datasetId}
            docs={docs}
            selected={selected}
            onSelect={select}
            onToggleEnabled={(doc, enabled) => void actions.setEnabled([doc], enabled)}
            onAction={actions.onRowAction}
          />
          <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
        </>
      )}
      {dialog?.kind === "rename" && (
        <RenameDialog datasetId={datasetId} doc={dialog.doc} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "meta" && <MetaDialog datasetId={datasetId} doc={dialog.doc} onClose={() => setDialog(null)} />}
      {dialog?.kind === "method" && (
        <MethodDialog datasetId={datasetId} doc={dialog.doc} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "reparse" && (
        <ReparseDialog
          datasetId={datasetId}
          docs={dialog.docs}
          onQueued={clearSelection}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          open
          onClose={() => setDialog(null)}
          title={t("docs.deleteTitle", { count: dialog.docs.length })}
          body={t("docs.deleteBody")}
          loading={actions.busy}
          onConfirm={() =>
            actions.deleteDocs(dialog.docs).then(() => {
              clearSelection();
              setDialog(null);
            })
          }
        />
      )}
    </Stack>
  );
};
