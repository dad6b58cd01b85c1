import { Input } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { extensionOf } from "../../worker/contract/documents";
import { FormDialog } from "./form-dialog";
import { FormField } from "./form-field";
import { notifyError, notifySuccess } from "./notify";

const stemOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
};

type Props = {
  title: string;
  label: string;
  name: string;
  keepExtension: boolean;
  // file names refuse slashes; other names (tags) may have them
  slashAllowed?: boolean;
  // the contract's limit of the whole name (extension included); document and file names have 255
  maxLength?: number;
  loading: boolean;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
};

// Only the part before the extension is editable when a file's extension cannot change.
export const RenameDialog = ({
  title,
  label,
  name,
  keepExtension,
  slashAllowed,
  maxLength = 255,
  loading,
  onSave,
  onClose,
}: Props) => {
  const { t } = useTranslation();
  const extension = keepExtension ? extensionOf(name) : "";
  const [stem, setStem] = useState(extension ? stemOf(name) : name);
  const [invalid, setInvalid] = useState<"validation.required" | "validation.noSlash" | "validation.tooLong">();
  const stemMax = extension ? maxLength - extension.length - 1 : maxLength;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = stem.trim();
    const problem = !trimmed
      ? "validation.required"
      : !slashAllowed && /[/\\]/.test(trimmed)
        ? "validation.noSlash"
        : trimmed.length > stemMax
          ? "validation.tooLong"
          : undefined;
    setInvalid(problem);
    if (problem) return;
    const saved = await onSave(extension ? `${trimmed}.${extension}` : trimmed).then(() => true, notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.renamed"));
    onClose();
  };

  return (
    <FormDialog title={title} onSubmit={submit} onClose={onClose} loading={loading}>
      <FormField
        label={label}
        error={invalid}
        helper={extension ? t("docs.extensionKept", { ext: extension }) : undefined}
        required
      >
        <Input name="newName" value={stem} maxLength={stemMax} onChange={(e) => setStem(e.target.value)} autoFocus />
      </FormField>
    </FormDialog>
  );
};
