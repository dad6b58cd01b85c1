import { useTranslation } from "react-i18next";
import { useUpdateDocumentMutation } from "../../api/documents";
import { RenameDialog as NameDialog } from "../../components/rename-dialog";
import type { DocumentDialogProps } from "./document-dialog-props";

export const RenameDialog = ({ datasetId, doc, onClose }: DocumentDialogProps) => {
  const { t } = useTranslation();
  const update = useUpdateDocumentMutation(datasetId);
  return (
    <NameDialog
      title={t("docs.renameTitle")}
      label={t("docs.name")}
      name={doc.name}
      keepExtension
      loading={update.isPending}
      onSave={(name) => update.mutateAsync({ id: doc.id, changes: { name } })}
      onClose={onClose}
    />
  );
};
