import { Button, Dialog, NativeSelect, Portal, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { CHUNK_METHODS } from "../../../worker/contract/parser-config";
import { useUpdateDocumentMutation } from "../../api/documents";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";

export const MethodDialog = ({ datasetId, doc, onClose }: { datasetId: string; doc: DatasetDocument; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateDocumentMutation(datasetId);
  const [method, setMethod] = useState<string>(doc.chunk_method);

  const save = async () => {
    const saved = await update.mutateAsync({ id: doc.id, changes: { chunkMethod: method } }).catch(notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.updated"));
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("docs.methodTitle")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <FormField label={t("docs.chunkMethod")} required>
                <NativeSelect.Root>
                  <NativeSelect.Field name="chunkMethod" value={method} onChange={(e) => setMethod(e.target.value)}>
                    {CHUNK_METHODS.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <Text fontSize="sm" color="fg.muted" mt="3">
                {t("docs.methodHint")}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button colorPalette="teal" onClick={() => void save()} loading={update.isPending} disabled={method === doc.chunk_method}>
                {t("common.save")}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
