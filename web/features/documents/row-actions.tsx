import { IconButton, Menu, Portal } from "@chakra-ui/react";
import { Download, FilePen, Layers, MoreHorizontal, Play, RotateCw, Square, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";

export type RowAction = "parse" | "reparse" | "cancel" | "rename" | "method" | "download" | "delete";

export const RowActions = ({ doc, onAction }: { doc: DatasetDocument; onAction: (action: RowAction) => void }) => {
  const { t } = useTranslation();
  const running = doc.run === "RUNNING";
  const parsed = doc.chunk_count > 0 || doc.run === "DONE";
  return (
    <Menu.Root onSelect={({ value }) => onAction(value as RowAction)} positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("docs.actionsFor", { name: doc.name })} data-testid="row-actions">
          <MoreHorizontal />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {running ? (
              <Menu.Item value="cancel">
                <Square size={14} /> {t("docs.cancel")}
              </Menu.Item>
            ) : parsed ? (
              <Menu.Item value="reparse">
                <RotateCw size={14} /> {t("docs.reparse")}
              </Menu.Item>
            ) : (
              <Menu.Item value="parse">
                <Play size={14} /> {t("docs.parse")}
              </Menu.Item>
            )}
            <Menu.Item value="rename" disabled={running}>
              <FilePen size={14} /> {t("docs.rename")}
            </Menu.Item>
            <Menu.Item value="method" disabled={running}>
              <Layers size={14} /> {t("docs.changeMethod")}
            </Menu.Item>
            <Menu.Item value="download" disabled={doc.type === "virtual"}>
              <Download size={14} /> {t("docs.download")}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="delete" color="fg.error" _hover={{ bg: "bg.error", color: "fg.error" }}>
              <Trash2 size={14} /> {t("docs.delete")}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};
