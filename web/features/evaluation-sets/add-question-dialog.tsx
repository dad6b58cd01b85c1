import {
  Badge,
  Box,
  Button,
  Checkbox,
  Fieldset,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAddQuestionsMutation } from "../../api/evaluation-sets";
import { type RetrievalParams, useRetrievalQuery } from "../../api/retrieval";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { formatNumber } from "../../lib/format";
import type { EvaluationSet } from "./types";

const RESULTS = 10;

type Props = { set: EvaluationSet; onClose(): void };

// A new test question: type it, search the set's bases with the retrieval the testing page uses, tick the chunks
// that answer it — or give the text a correct chunk contains — and optionally a reference answer.
export const AddQuestionDialog = ({ set, onClose }: Props) => {
  const { t } = useTranslation();
  const add = useAddQuestionsMutation();
  const [question, setQuestion] = useState("");
  const [expectedText, setExpectedText] = useState("");
  const [reference, setReference] = useState("");
  const [chunkIds, setChunkIds] = useState<string[]>([]);
  const [params, setParams] = useState<RetrievalParams | null>(null);
  const [run, setRun] = useState(0);
  const [errors, setErrors] = useState<{ question?: boolean; expected?: boolean }>({});
  const result = useRetrievalQuery(params, run);

  const search = () => {
    if (!question.trim()) return setErrors({ question: true });
    setErrors({});
    setParams({
      question: question.trim(),
      dataset_ids: set.dataset_ids,
      page: 1,
      page_size: RESULTS,
      highlight: false,
    });
    setRun((current) => current + 1);
  };

  const submit = async () => {
    const next = { question: !question.trim(), expected: chunkIds.length === 0 && !expectedText.trim() };
    setErrors(next);
    if (next.question || next.expected) return;
    const added = await add
      .mutateAsync({
        setId: set.id,
        items: [
          {
            question: question.trim(),
            expected_chunk_ids: chunkIds,
            expected_text: expectedText.trim() || undefined,
            reference_answer: reference.trim() || undefined,
            source: "manual",
          },
        ],
      })
      .catch(notifyError);
    if (!added) return;
    notifySuccess(t("evalSets.add.added"));
    onClose();
  };

  const chunks = result.data?.chunks ?? [];
  return (
    <FormDialog title={t("evalSets.add.title")} onSubmit={submit} onClose={onClose} size="lg">
      <Stack gap="5">
        <FormField
          label={t("evalSets.add.question")}
          required
          error={errors.question ? "evalSets.add.questionRequired" : undefined}
          helper={t("evalSets.add.searchHint")}
        >
          <Textarea
            name="question"
            rows={2}
            maxLength={2000}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
          />
        </FormField>
        <Button
          type="button"
          size="sm"
          variant="outline"
          alignSelf="start"
          loading={result.isFetching}
          onClick={search}
        >
          <Search /> {t("evalSets.add.search")}
        </Button>
        {params &&
          (result.isError ? (
            <RouteErrorMessage error={result.error} onRetry={() => void result.refetch()} />
          ) : result.isPending ? (
            <Skeleton h="24" rounded="md" />
          ) : (
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="medium">{t("evalSets.add.results")}</Fieldset.Legend>
              {chunks.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t("evalSets.add.noResults")}
                </Text>
              ) : (
                <Stack gap="2" maxH="72" overflowY="auto" data-testid="candidate-chunks">
                  {chunks.map((chunk, index) => (
                    <Box key={chunk.id} borderWidth="1px" rounded="md" p="3" bg="app.surface">
                      <Checkbox.Root
                        size="sm"
                        colorPalette="teal"
                        alignItems="start"
                        checked={chunkIds.includes(chunk.id)}
                        onCheckedChange={(e) =>
                          setChunkIds((ids) =>
                            e.checked === true ? [...ids, chunk.id] : ids.filter((id) => id !== chunk.id),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control mt="0.5" />
                        <Checkbox.Label fontWeight="normal">
                          <HStack gap="2" mb="1" wrap="wrap">
                            <Badge variant="outline">#{index + 1}</Badge>
                            <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                              {chunk.document_keyword}
                            </Text>
                            <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                              {formatNumber(chunk.similarity)}
                            </Text>
                          </HStack>
                          <Text fontSize="sm" lineClamp={4} whiteSpace="pre-wrap">
                            {chunk.content}
                          </Text>
                        </Checkbox.Label>
                      </Checkbox.Root>
                    </Box>
                  ))}
                </Stack>
              )}
            </Fieldset.Root>
          ))}
        <FormField
          label={t("evalSets.add.expectedText")}
          helper={t("evalSets.add.expectedTextHint")}
          error={errors.expected ? "evalSets.add.nothingExpected" : undefined}
        >
          <Input
            name="expected_text"
            maxLength={2000}
            value={expectedText}
            onChange={(e) => setExpectedText(e.target.value)}
          />
        </FormField>
        <FormField label={t("evalSets.add.referenceAnswer")} helper={t("evalSets.add.referenceAnswerHint")}>
          <Textarea
            name="reference_answer"
            rows={3}
            maxLength={8000}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
};
