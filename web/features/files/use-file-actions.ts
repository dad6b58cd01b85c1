import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FileEntry, LinkedDataset } from "../../../worker/contract/files";
import { fileDownloadUrl, useDeleteFilesMutation, useMoveFilesMutation, useUnlinkMutation } from "../../api/files";
import { notifyError, notifyErrorText, notifySuccess } from "../../components/notify";
import { downloadWithAuth } from "../../lib/save-blob";
import type { FileAction } from "./file-row-actions";
import { isFolderEntry } from "./file-table";

export type FileDialog =
  | { kind: "new-folder" }
  | { kind: "upload" }
  | { kind: "preview"; file: FileEntry }
  | { kind: "rename"; file: FileEntry }
  | { kind: "move" | "link" | "delete"; files: FileEntry[] };

export const useFileActions = ({
  openFolder,
  clearSelection,
}: {
  openFolder: (id: string) => void;
  clearSelection: () => void;
}) => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<FileDialog | null>(null);
  const remove = useDeleteFilesMutation();
  const move = useMoveFilesMutation();
  const unlinkMutation = useUnlinkMutation();
  const close = () => setDialog(null);

  const open = (file: FileEntry) => (isFolderEntry(file) ? openFolder(file.id) : setDialog({ kind: "preview", file }));

  const download = (file: FileEntry) =>
    void downloadWithAuth(fileDownloadUrl(file.id), file.name).catch(() => notifyErrorText(t("preview.downloadError")));

  const onRowAction = (file: FileEntry, action: FileAction) => {
    if (action === "open" || action === "preview") return open(file);
    if (action === "download") return download(file);
    if (action === "rename") return setDialog({ kind: "rename", file });
    return setDialog({ kind: action, files: [file] });
  };

  const unlink = (link: LinkedDataset) =>
    void unlinkMutation.mutateAsync(link).then(() => notifySuccess(t("files.unlinked")), notifyError);

  const deleteFiles = async (files: FileEntry[]) => {
    const done = await remove.mutateAsync(files.map((file) => file.id)).catch(notifyError);
    if (!done) return;
    notifySuccess(t("common.toast.deleted"));
    clearSelection();
    close();
  };

  const moveFiles = async (files: FileEntry[], destinationId: string) => {
    const done = await move.mutateAsync({ ids: files.map((file) => file.id), destinationId }).catch(notifyError);
    if (!done) return;
    notifySuccess(t("files.moved"));
    clearSelection();
    close();
  };

  const rename = (file: FileEntry, name: string) => move.mutateAsync({ ids: [file.id], newName: name });

  return {
    dialog,
    setDialog,
    close,
    open,
    onRowAction,
    unlink,
    deleteFiles,
    moveFiles,
    rename,
    busy: remove.isPending || move.isPending,
  };
};

export type FileActions = ReturnType<typeof useFileActions>;
