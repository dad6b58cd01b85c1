import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";
import {
  downloadDocument,
  useDeleteDocumentsMutation,
  useParseDocumentsMutation,
  useStopParsingMutation,
  useUpdateDocumentMutation,
} from "../../api/documents";
import { notifyError, notifyErrorText, notifySuccess } from "../../components/notify";
import { hasChunks, type RowAction } from "./row-actions";

export type OpenDialog =
  | { kind: "rename" | "method" | "meta"; doc: DatasetDocument }
  | { kind: "reparse" | "delete"; docs: DatasetDocument[] }
  | null;

// One place for what the row menu and the bulk bar do to documents.
export const useDocumentActions = (datasetId: string) => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const parse = useParseDocumentsMutation(datasetId);
  const stop = useStopParsingMutation(datasetId);
  const update = useUpdateDocumentMutation(datasetId);
  const remove = useDeleteDocumentsMutation(datasetId);

  const parseDocs = (ids: string[]) =>
    parse.mutateAsync({ ids }).then(() => notifySuccess(t("docs.parseQueued")), notifyError);
  const stopDocs = (ids: string[]) =>
    stop.mutateAsync(ids).then(() => notifySuccess(t("common.toast.updated")), notifyError);
  const setEnabled = (docs: DatasetDocument[], enabled: boolean) =>
    Promise.all(docs.map((doc) => update.mutateAsync({ id: doc.id, changes: { enabled: enabled ? 1 : 0 } }))).then(
      () => notifySuccess(t("common.toast.updated")),
      notifyError,
    );
  // documents that already have chunks ask first what happens to them
  const parseSelection = async (docs: DatasetDocument[]) => {
    if (!docs.some(hasChunks)) return parseDocs(docs.map((doc) => doc.id)).then(() => true);
    setDialog({ kind: "reparse", docs });
    return false;
  };
  const deleteDocs = (docs: DatasetDocument[]) =>
    remove.mutateAsync(docs.map((doc) => doc.id)).then(() => notifySuccess(t("common.toast.deleted")), notifyError);

  const onRowAction = (doc: DatasetDocument, action: RowAction) => {
    switch (action) {
      case "parse":
        return void parseDocs([doc.id]);
      case "cancel":
        return void stopDocs([doc.id]);
      case "download":
        return void downloadDocument(datasetId, doc).catch(() => notifyErrorText(t("docs.downloadError")));
      case "delete":
      case "reparse":
        return setDialog({ kind: action, docs: [doc] });
      default:
        return setDialog({ kind: action, doc });
    }
  };

  return {
    dialog,
    setDialog,
    onRowAction,
    parseSelection,
    stopDocs,
    setEnabled,
    deleteDocs,
    busy: parse.isPending || stop.isPending || remove.isPending,
  };
};
