import { Menu } from "@chakra-ui/react";
import { Download, Eye, FilePen, FolderInput, FolderOpen, Link2, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FileEntry } from "../../../worker/contract/files";
import { ActionsMenu, DangerItem } from "../../components/actions-menu";

export type FileAction = "open" | "preview" | "download" | "rename" | "move" | "link" | "delete";

export const FileRowActions = ({ file, onAction }: { file: FileEntry; onAction: (action: FileAction) => void }) => {
  const { t } = useTranslation();
  const folder = file.type === "folder";
  return (
    <ActionsMenu<FileAction>
      label={t("files.action.menu", { name: file.name })}
      testId="file-actions"
      onAction={onAction}
    >
      {folder ? (
        <Menu.Item value="open">
          <FolderOpen size={14} /> {t("files.action.open")}
        </Menu.Item>
      ) : (
        <>
          <Menu.Item value="preview">
            <Eye size={14} /> {t("files.action.preview")}
          </Menu.Item>
          <Menu.Item value="download">
            <Download size={14} /> {t("files.action.download")}
          </Menu.Item>
        </>
      )}
      {!file.readonly && (
        <>
          <Menu.Item value="link">
            <Link2 size={14} /> {t("files.action.link")}
          </Menu.Item>
          <Menu.Item value="rename">
            <FilePen size={14} /> {t("files.action.rename")}
          </Menu.Item>
          <Menu.Item value="move">
            <FolderInput size={14} /> {t("files.action.move")}
          </Menu.Item>
          <Menu.Separator />
          <DangerItem value="delete">
            <Trash2 size={14} /> {t("files.action.delete")}
          </DangerItem>
        </>
      )}
    </ActionsMenu>
  );
};
