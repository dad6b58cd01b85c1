import { Stack, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Chunk } from "../../../worker/contract/chunks";
import { useCreateChunkMutation, useUpdateChunkMutation } from "../../api/chunks";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

type Props = { datasetId: string; documentId: string; chunk: Chunk | null; onClose: () => void };

// Adds a chunk (chunk = null) or edits one: content, keywords and questions.
export const ChunkEditor = ({ datasetId, documentId, chunk, onClose }: Props) => {
  const { t } = useTranslation();
  const create = useCreateChunkMutation(datasetId, documentId);
  const update = useUpdateChunkMutation(datasetId, documentId);
  const [content, setContent] = useState(chunk?.content ?? "");
  const [keywords, setKeywords] = useState((chunk?.important_keywords ?? []).join("\n"));
  const [questions, setQuestions] = useState((chunk?.questions ?? []).join("\n"));
  const [contentError, setContentError] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return setContentError(true);
    const fields = { content: content.trim(), important_keywords: lines(keywords), questions: lines(questions) };
    const saved = chunk
      ? await update.mutateAsync({ id: chunk.id, fields }).catch(notifyError)
      : await create.mutateAsync(fields).catch(notifyError);
    if (saved === undefined) return;
    notifySuccess(t(chunk ? "common.toast.updated" : "common.toast.created"));
    onClose();
  };

  return (
    <FormDialog
      title={t(chunk ? "chunks.editTitle" : "chunks.addTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending || update.isPending}
      size="lg"
    >
      <Stack gap="4">
        <FormField label={t("chunks.content")} error={contentError ? "validation.required" : undefined} required>
          <Textarea
            name="content"
            rows={8}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setContentError(false);
            }}
            autoFocus
          />
        </FormField>
        <FormField label={t("chunks.keywords")} helper={t("chunks.listHint")}>
          <Textarea name="keywords" rows={3} value={keywords} onChange={(e) => setKeywords(e.target.value)} />
        </FormField>
        <FormField label={t("chunks.questions")} helper={t("chunks.listHint")}>
          <Textarea name="questions" rows={3} value={questions} onChange={(e) => setQuestions(e.target.value)} />
        </FormField>
      </Stack>
    </FormDialog>
  );
};
