import { useTranslation } from "react-i18next";
import type { FileEntry } from "../../../worker/contract/files";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { RenameDialog } from "../../components/rename-dialog";
import { FolderPickerDialog } from "./folder-picker-dialog";
import { LinkDialog } from "./link-dialog";
import { NewFolderDialog } from "./new-folder-dialog";
import { PreviewDialog } from "./preview-dialog";
import { FileUploadDialog } from "./upload-dialog";
import type { FileActions } from "./use-file-actions";

const linkedNames = (files: FileEntry[]) => [
  ...new Set(files.flatMap((file) => file.kbs_info.map((kb) => kb.kb_name))),
];

type Props = {
  dialog: FileActions["dialog"];
  actions: FileActions;
  folder: FileEntry | undefined;
  parentId: string | undefined;
};

export const FileDialogs = ({ dialog, actions, folder, parentId }: Props) => {
  const { t } = useTranslation();
  if (!dialog) return null;
  const folderName = !folder || folder.name === "/" ? t("files.root") : folder.name;
  switch (dialog.kind) {
    case "new-folder":
      return <NewFolderDialog parentId={parentId} onClose={actions.close} />;
    case "upload":
      return <FileUploadDialog parentId={parentId} folderName={folderName} onClose={actions.close} />;
    case "preview":
      return <PreviewDialog file={dialog.file} onClose={actions.close} />;
    case "rename":
      return (
        <RenameDialog
          title={t("files.renameTitle")}
          label={t("files.column.name")}
          name={dialog.file.name}
          keepExtension={dialog.file.type !== "folder"}
          loading={actions.busy}
          onSave={(name) => actions.rename(dialog.file, name)}
          onClose={actions.close}
        />
      );
    case "move":
      return (
        <FolderPickerDialog
          excludeIds={dialog.files.map((file) => file.id)}
          loading={actions.busy}
          onPick={(destinationId) => actions.moveFiles(dialog.files, destinationId)}
          onClose={actions.close}
        />
      );
    case "link":
      return <LinkDialog files={dialog.files} onClose={actions.close} />;
    case "delete": {
      const linked = linkedNames(dialog.files);
      return (
        <ConfirmDialog
          open
          onClose={actions.close}
          title={t("files.deleteTitle", { count: dialog.files.length })}
          body={`${t("files.deleteBody")}${linked.length ? ` ${t("files.deleteLinked", { names: linked.join(", ") })}` : ""}`}
          loading={actions.busy}
          onConfirm={() => actions.deleteFiles(dialog.files)}
        />
      );
    }
  }
};
