import { NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { documentsQueryOptions } from "../../api/documents";
import { type UnansweredQuestion, useAddAnswerMutation } from "../../api/evaluation";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { RouteErrorMessage } from "../../components/route-error";
import { notifyError, notifySuccess } from "../../components/notify";

const NEW_DOCUMENT = "__new__";

type Props = { item: UnansweredQuestion; chatId?: string; onClose(): void };

// Answers an unanswered question: the answer becomes a chunk of a chosen document, the question one of
// its questions, and the question is marked answered.
export const AddAnswerDialog = ({ item, chatId, onClose }: Props) => {
  const { t } = useTranslation();
  const datasets = useQuery(allDatasetsQueryOptions());
  const [picked, setPicked] = useState<string | null>(null);
  const datasetId = picked ?? item.dataset_ids[0] ?? datasets.data?.datasets[0]?.id ?? "";
  const documents = useQuery({
    ...documentsQueryOptions(datasetId, { page: 1, pageSize: 1000 }),
    enabled: Boolean(datasetId),
  });
  const [pickedDocument, setPickedDocument] = useState<string | null>(null);
  const documentId = pickedDocument ?? documents.data?.docs[0]?.id ?? NEW_DOCUMENT;
  const [answer, setAnswer] = useState("");
  const [missing, setMissing] = useState(false);
  const add = useAddAnswerMutation();
  const newName = t("evaluation.addAnswer.newDocumentName");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return setMissing(true);
    if (!datasetId || !documents.data) return;
    add.mutate(
      {
        question: item.question,
        chatId,
        datasetId,
        documentId: documentId === NEW_DOCUMENT ? null : documentId,
        newDocumentName: newName,
        answer: answer.trim(),
      },
      {
        onSuccess: () => {
          notifySuccess(t("common.toast.created"));
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <FormDialog
      title={t("evaluation.addAnswer.title")}
      onSubmit={submit}
      onClose={onClose}
      loading={add.isPending}
      submitDisabled={!datasetId || !documents.data}
      size="lg"
    >
      <Stack gap="4">
        <FormField label={t("evaluation.addAnswer.question")} readOnly>
          <Text fontWeight="medium" data-testid="answer-question">
            {item.question}
          </Text>
        </FormField>
        {datasets.isError && <RouteErrorMessage error={datasets.error} onRetry={() => void datasets.refetch()} />}
        {documents.isError && <RouteErrorMessage error={documents.error} onRetry={() => void documents.refetch()} />}
        {datasets.data && datasets.data.datasets.length === 0 ? (
          <Text color="fg.muted">{t("evaluation.addAnswer.noKnowledgeBase")}</Text>
        ) : (
          <>
            <FormField label={t("evaluation.addAnswer.knowledgeBase")}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="dataset"
                  value={datasetId}
                  onChange={(e) => {
                    setPicked(e.target.value);
                    setPickedDocument(null);
                  }}
                >
                  {(datasets.data?.datasets ?? []).map((dataset) => (
                    <option key={dataset.id} value={dataset.id}>
                      {dataset.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t("evaluation.addAnswer.document")}>
              <NativeSelect.Root disabled={!documents.data}>
                <NativeSelect.Field
                  name="document"
                  value={documentId}
                  onChange={(e) => setPickedDocument(e.target.value)}
                >
                  {(documents.data?.docs ?? []).map((doc) => (
                    <option key={doc.id} value={doc.id}>
                      {doc.name}
                    </option>
                  ))}
                  <option value={NEW_DOCUMENT}>{t("evaluation.addAnswer.newDocument", { name: newName })}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </>
        )}
        <FormField
          label={t("evaluation.addAnswer.answer")}
          required
          error={missing ? "validation.required" : undefined}
          helper={t("evaluation.addAnswer.answerHint")}
        >
          <Textarea
            name="answer"
            rows={6}
            value={answer}
            autoFocus
            onChange={(e) => {
              setAnswer(e.target.value);
              setMissing(false);
            }}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
};
