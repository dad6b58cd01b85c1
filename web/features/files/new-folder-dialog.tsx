import { Input } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateFolderMutation } from "../../api/files";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";

export const NewFolderDialog = ({ parentId, onClose }: { parentId: string | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const create = useCreateFolderMutation();
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState<"validation.required" | "validation.noSlash" | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = !trimmed ? "validation.required" : /[/\\]/.test(trimmed) ? "validation.noSlash" : undefined;
    setInvalid(problem);
    if (problem) return;
    const created = await create.mutateAsync({ name: trimmed, parentId }).catch(notifyError);
    if (!created) return;
    notifySuccess(t("common.toast.created"));
    onClose();
  };

  return (
    <FormDialog
      title={t("files.newFolder")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending}
      submitLabel={t("common.create")}
    >
      <FormField label={t("files.folderName")} error={invalid} required>
        <Input name="folderName" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={255} />
      </FormField>
    </FormDialog>
  );
};
