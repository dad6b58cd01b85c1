import { Button, Dialog, Portal, Stack } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { useParseDocumentsMutation } from "../../api/documents";
import { notifyError, notifySuccess } from "../../components/notify";

// Re-parsing a document that has chunks asks what happens to them (RAGFlow's three choices).
export const ReparseDialog = ({ datasetId, doc, onClose }: { datasetId: string; doc: DatasetDocument; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parse = useParseDocumentsMutation(datasetId);

  const run = async (deleteChunks: boolean) => {
    const queued = await parse.mutateAsync({ ids: [doc.id], deleteChunks }).catch(notifyError);
    if (queued === undefined) return;
    notifySuccess(t("docs.parseQueued"));
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("docs.reparseTitle")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{t("docs.reparseBody")}</Dialog.Body>
            <Dialog.Footer>
              <Stack direction={{ base: "column", sm: "row" }} w="full" justify="flex-end">
                <Button variant="ghost" onClick={() => void navigate({ to: "/knowledge/dataset/chunk", search: { id: datasetId, doc: doc.id } })}>
                  {t("docs.reparseManage")}
                </Button>
                <Button variant="outline" onClick={() => void run(false)} loading={parse.isPending}>
                  {t("docs.reparseKeep")}
                </Button>
                <Button colorPalette="red" onClick={() => void run(true)} loading={parse.isPending}>
                  {t("docs.reparseDelete")}
                </Button>
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
