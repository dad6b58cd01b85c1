import { Menu } from "@chakra-ui/react";
import { Download, FilePen, Layers, Play, RotateCw, Square, Tags, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { ActionsMenu, DangerItem } from "../../components/actions-menu";

export type RowAction = "parse" | "reparse" | "cancel" | "rename" | "method" | "meta" | "download" | "delete";

export const hasChunks = (doc: DatasetDocument) => doc.chunk_count > 0 || doc.run === "DONE";

export const RowActions = ({ doc, onAction }: { doc: DatasetDocument; onAction: (action: RowAction) => void }) => {
  const { t } = useTranslation();
  const running = doc.run === "RUNNING";
  return (
    <ActionsMenu<RowAction> label={t("docs.actionsFor", { name: doc.name })} testId="row-actions" onAction={onAction}>
      {running ? (
        <Menu.Item value="cancel">
          <Square size={14} /> {t("docs.cancel")}
        </Menu.Item>
      ) : hasChunks(doc) ? (
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
      <Menu.Item value="meta">
        <Tags size={14} /> {t("docs.meta")}
      </Menu.Item>
      <Menu.Item value="download" disabled={doc.type === "virtual"}>
        <Download size={14} /> {t("docs.download")}
      </Menu.Item>
      <Menu.Separator />
      <DangerItem value="delete">
        <Trash2 size={14} /> {t("docs.delete")}
      </DangerItem>
    </ActionsMenu>
  );
};
