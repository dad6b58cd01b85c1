import { Field, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { META_FIELDS_TOO_LARGE, MetaFieldsSchema } from "../../../worker/contract/documents";
import { useSetDocumentMetaMutation } from "../../api/documents";
import { FormDialog } from "../../components/form-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import type { DocumentDialogProps } from "./document-dialog-props";

type MetaFields = v.InferOutput<typeof MetaFieldsSchema>;

const parseMeta = (text: string): { meta: MetaFields } | { error: "metaInvalid" | "metaTooLarge" } => {
  try {
    const parsed = v.safeParse(MetaFieldsSchema, text.trim() ? JSON.parse(text) : {});
    if (parsed.success) return { meta: parsed.output };
    return {
      error: parsed.issues.some((issue) => issue.message === META_FIELDS_TOO_LARGE) ? "metaTooLarge" : "metaInvalid",
    };
  } catch {
    return { error: "metaInvalid" };
  }
};

// A document's metadata (RAGFlow's "Set meta data"): a JSON object of texts, numbers or lists of them.
export const MetaDialog = ({ datasetId, doc, onClose }: DocumentDialogProps) => {
  const { t } = useTranslation();
  const save = useSetDocumentMetaMutation(datasetId);
  const [text, setText] = useState(() => JSON.stringify(doc.meta_fields ?? {}, null, 2));
  const [error, setError] = useState<"metaInvalid" | "metaTooLarge" | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMeta(text);
    setError("error" in parsed ? parsed.error : null);
    if ("error" in parsed) return;
    if ((await save.mutateAsync({ id: doc.id, meta: parsed.meta }).catch(notifyError)) === undefined) return;
    notifySuccess(t("common.toast.updated"));
    onClose();
  };

  return (
    <FormDialog
      title={t("docs.metaTitle", { name: doc.name })}
      onSubmit={submit}
      onClose={onClose}
      loading={save.isPending}
    >
      <Field.Root invalid={error !== null}>
        <Field.Label>{t("docs.metaLabel")}</Field.Label>
        <Textarea
          name="meta_fields"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={8}
          fontFamily="mono"
          fontSize="sm"
        />
        {error ? (
          <Field.ErrorText>{t(`docs.${error}`)}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t("docs.metaHint")}</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  );
};
