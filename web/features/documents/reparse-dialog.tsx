import { Button, Stack } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { useParseDocumentsMutation } from "../../api/documents";
import { DialogFrame } from "../../components/dialog-frame";
import { notifyError, notifySuccess } from "../../components/notify";
import { hasChunks } from "./row-actions";

type Props = { datasetId: string; docs: DatasetDocument[]; onQueued?: () => void; onClose: () => void };

// Re-parsing documents that have chunks asks what happens to them (RAGFlow's three choices; managing the
// chunks first is offered for a single document).
export const ReparseDialog = ({ datasetId, docs, onQueued, onClose }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parse = useParseDocumentsMutation(datasetId);
  const single = docs.length === 1 ? docs[0] : undefined;

  const run = async (deleteChunks: boolean) => {
    const queued = await parse.mutateAsync({ ids: docs.map((doc) => doc.id), deleteChunks }).catch(notifyError);
    if (queued === undefined) return;
    notifySuccess(t("docs.parseQueued"));
    onQueued?.();
    onClose();
  };

  return (
    <DialogFrame
      open
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      role="alertdialog"
      title={t("docs.reparseTitle")}
      footer={
        <Stack direction={{ base: "column", sm: "row" }} w="full" justify="flex-end">
          {single && (
            <Button
              variant="ghost"
              onClick={() =>
                void navigate({ to: "/knowledge/dataset/chunk", search: { id: datasetId, doc: single.id } })
              }
            >
              {t("docs.reparseManage")}
            </Button>
          )}
          <Button variant="outline" onClick={() => void run(false)} loading={parse.isPending}>
            {t("docs.reparseKeep")}
          </Button>
          <Button colorPalette="red" onClick={() => void run(true)} loading={parse.isPending}>
            {t("docs.reparseDelete")}
          </Button>
        </Stack>
      }
    >
      {docs.length === 1 ? t("docs.reparseBody") : t("docs.reparseBodyMany", { count: docs.filter(hasChunks).length })}
    </DialogFrame>
  );
};
