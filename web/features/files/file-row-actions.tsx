import { IconButton, Menu, Portal } from "@chakra-ui/react";
import { Download, Eye, FilePen, FolderInput, FolderOpen, Link2, MoreHorizontal, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FileEntry } from "../../../worker/contract/files";

export type FileAction = "open" | "preview" | "download" | "rename" | "move" | "link" | "delete";

export const FileRowActions = ({ file, onAction }: { file: FileEntry; onAction: (action: FileAction) => void }) => {
  const { t } = useTranslation();
  const folder = file.type === "folder";
  return (
    <Menu.Root onSelect={({ value }) => onAction(value as FileAction)} positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("files.action.menu", { name: file.name })} data-testid="file-actions">
          <MoreHorizontal />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
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
                <Menu.Item value="delete" color="fg.error" _hover={{ bg: "bg.error", color: "fg.error" }}>
                  <Trash2 size={14} /> {t("files.action.delete")}
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};
