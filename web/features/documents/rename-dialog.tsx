import { Input } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DocumentNameSchema, extensionOf, type DatasetDocument } from "../../../worker/contract/documents";
import { useUpdateDocumentMutation } from "../../api/documents";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { type FieldErrors, validateForm } from "../../lib/form-errors";

const stemOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
};

// Only the part before the extension is editable: the extension cannot change.
export const RenameDialog = ({ datasetId, doc, onClose }: { datasetId: string; doc: DatasetDocument; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateDocumentMutation(datasetId);
  const extension = extensionOf(doc.name);
  const [stem, setStem] = useState(stemOf(doc.name));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = extension ? `${stem.trim()}.${extension}` : stem.trim();
    const { errors: found } = validateForm(DocumentNameSchema, stem.trim() ? name : "");
    setErrors(found ? { stem: "validation.required" } : {});
    if (found) return;
    const saved = await update.mutateAsync({ id: doc.id, changes: { name } }).catch(notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.renamed"));
    onClose();
  };

  return (
    <FormDialog title={t("docs.renameTitle")} onSubmit={submit} onClose={onClose} loading={update.isPending}>
      <FormField label={t("docs.name")} error={errors.stem} helper={extension ? t("docs.extensionKept", { ext: extension }) : undefined} required>
        <Input name="documentName" value={stem} onChange={(e) => setStem(e.target.value)} autoFocus />
      </FormField>
    </FormDialog>
  );
};
