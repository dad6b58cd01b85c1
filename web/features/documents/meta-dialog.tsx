import { Field, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { type DatasetDocument, MetaFieldsSchema } from "../../../worker/contract/documents";
import { useSetDocumentMetaMutation } from "../../api/documents";
import { FormDialog } from "../../components/form-dialog";
import { notifyError, notifySuccess } from "../../components/notify";

const parseMeta = (text: string) => {
  try {
    const parsed = v.safeParse(MetaFieldsSchema, text.trim() ? JSON.parse(text) : {});
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
};

// A document's metadata (RAGFlow's "Set meta data"): a JSON object of texts, numbers or lists of them.
export const MetaDialog = ({ datasetId, doc, onClose }: { datasetId: string; doc: DatasetDocument; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = useSetDocumentMetaMutation(datasetId);
  const [text, setText] = useState(() => JSON.stringify(doc.meta_fields ?? {}, null, 2));
  const [invalid, setInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const meta = parseMeta(text);
    setInvalid(meta === null);
    if (meta === null) return;
    if ((await save.mutateAsync({ id: doc.id, meta }).catch(notifyError)) === undefined) return;
    notifySuccess(t("common.toast.updated"));
    onClose();
  };

  return (
    <FormDialog title={t("docs.metaTitle", { name: doc.name })} onSubmit={(event) => void submit(event)} onClose={onClose} loading={save.isPending}>
      <Field.Root invalid={invalid}>
        <Field.Label>{t("docs.metaLabel")}</Field.Label>
        <Textarea name="meta_fields" value={text} onChange={(e) => setText(e.target.value)} rows={8} fontFamily="mono" fontSize="sm" />
        {invalid ? <Field.ErrorText>{t("docs.metaInvalid")}</Field.ErrorText> : <Field.HelperText>{t("docs.metaHint")}</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
};
