import { NativeSelect, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CHUNK_METHODS, type ChunkMethod } from "../../../worker/contract/parser-config";
import { useUpdateDocumentMutation } from "../../api/documents";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import type { DocumentDialogProps } from "./document-dialog-props";

export const MethodDialog = ({ datasetId, doc, onClose }: DocumentDialogProps) => {
  const { t } = useTranslation();
  const update = useUpdateDocumentMutation(datasetId);
  const [method, setMethod] = useState<ChunkMethod>(doc.chunk_method);

  const save = async () => {
    const saved = await update.mutateAsync({ id: doc.id, changes: { chunk_method: method } }).catch(notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.updated"));
    onClose();
  };

  return (
    <FormDialog
      title={t("docs.methodTitle")}
      onSubmit={save}
      onClose={onClose}
      loading={update.isPending}
      submitDisabled={method === doc.chunk_method}
    >
      <FormField label={t("docs.chunkMethod")} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="chunkMethod"
            value={method}
            onChange={(e) => setMethod(e.target.value as ChunkMethod)}
          >
            {CHUNK_METHODS.map((value) => (
              <option key={value} value={value}>
                {t(`kbConfig.methods.${value}.label`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <Text fontSize="sm" color="fg.muted" mt="3">
        {t("docs.methodHint")}
      </Text>
    </FormDialog>
  );
};
