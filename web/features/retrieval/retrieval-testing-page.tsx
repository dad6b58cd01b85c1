import { Box, Button, Fieldset, Grid, Heading, HStack, Input, Skeleton, Stack, Text, Textarea } from "@chakra-ui/react";
import { FlaskConical } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type RetrievalParams, useRetrievalQuery } from "../../api/retrieval";
import { FormField } from "../../components/form-field";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { formatCount, formatNumber } from "../../lib/format";
import { SettingSwitch } from "../../components/setting-switch";
import { CrossLanguagesField } from "./cross-languages-field";
import { DocumentFilter } from "./document-filter";
import {
  hasUnnamedCondition,
  MetadataFilter,
  metadataConditionFrom,
  type MetadataFilterValue,
  NO_METADATA_FILTER,
} from "./metadata-filter";
import { DocAggregates, NoChunks, RetrievedChunkCard } from "./retrieval-results";
import { RerankSelect } from "./rerank-select";
import { roundWeight, WeightSlider } from "./weight-slider";

export const RETRIEVAL_PAGE_SIZE = 10;

type Settings = {
  question: string;
  similarityThreshold: number;
  vectorWeight: number;
  rerankId: string;
  documentIds: string[];
  metadata: MetadataFilterValue;
  topK: string;
  useKg: boolean;
  crossLanguages: string[];
};

const DEFAULT_SETTINGS: Settings = {
  question: "",
  similarityThreshold: 0.2,
  vectorWeight: 0.3,
  rerankId: "",
  documentIds: [],
  metadata: NO_METADATA_FILTER,
  topK: "1024",
  useKg: false,
  crossLanguages: [],
};

type Errors = { question?: boolean; topK?: boolean; metadata?: boolean };

// What one click on "Test" asks for; the page number and the document picked in the sidebar come on top.
type Submitted = Omit<RetrievalParams, "page" | "page_size">;

const validTopK = (text: string) => /^\s*\d+\s*$/.test(text) && Number(text) >= 1;

// /knowledge/testing?id=… and /dataset/testing?id=…: which chunks does retrieval find for a question?
export const RetrievalTestingPage = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [run, setRun] = useState(0);
  const [page, setPage] = useState(1);
  const [focusDoc, setFocusDoc] = useState<string | null>(null);

  const keywordWeight = roundWeight(1 - settings.vectorWeight);
  const params: RetrievalParams | null = submitted && {
    ...submitted,
    document_ids: focusDoc ? [focusDoc] : submitted.document_ids,
    page,
    page_size: RETRIEVAL_PAGE_SIZE,
  };
  const query = useRetrievalQuery(params, run);
  // the sidebar lists the documents of the whole (unfocused) result; on page 1 this is the same request
  const overview = useRetrievalQuery(submitted && { ...submitted, page: 1, page_size: RETRIEVAL_PAGE_SIZE }, run);

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const next: Errors = {
      question: !settings.question.trim(),
      topK: !validTopK(settings.topK),
      metadata: hasUnnamedCondition(settings.metadata),
    };
    setErrors(next);
    if (next.question || next.topK || next.metadata) return;
    setSubmitted({
      question: settings.question.trim(),
      dataset_ids: [datasetId],
      document_ids: settings.documentIds,
      similarity_threshold: settings.similarityThreshold,
      vector_similarity_weight: settings.vectorWeight,
      keyword_similarity_weight: keywordWeight,
      top_k: Number(settings.topK),
      rerank_id: settings.rerankId || undefined,
      highlight: true,
      use_kg: settings.useKg,
      cross_languages: settings.crossLanguages,
      metadata_condition: metadataConditionFrom(settings.metadata),
    });
    setRun((current) => current + 1);
    setPage(1);
    setFocusDoc(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter tests, Shift+Enter (or an open IME composition) keeps typing
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const focus = (docId: string | null) => {
    setFocusDoc(docId);
    setPage(1);
  };

  const chunks = query.data?.chunks ?? [];
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("retrieval.title")}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t("retrieval.description")}
        </Text>
      </Stack>
      <Grid templateColumns={{ base: "1fr", lg: "minmax(18rem, 22rem) minmax(0, 1fr)" }} gap="6" alignItems="start">
        <Stack asChild gap="5" borderWidth="1px" rounded="lg" bg="app.surface" p="4">
          <form onSubmit={onSubmit} noValidate aria-label={t("retrieval.title")}>
            <FormField
              label={t("retrieval.question")}
              helper={t("retrieval.questionHint")}
              error={errors.question ? "retrieval.questionRequired" : undefined}
              required
            >
              <Textarea
                name="question"
                rows={4}
                placeholder={t("retrieval.questionPlaceholder")}
                value={settings.question}
                onChange={(e) => set("question", e.target.value)}
                onKeyDown={onKeyDown}
              />
            </FormField>
            <Button type="submit" colorPalette="teal" loading={query.isFetching} alignSelf="start">
              <FlaskConical /> {t("retrieval.test")}
            </Button>
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="semibold">{t("retrieval.settings")}</Fieldset.Legend>
              <Fieldset.Content gap="5">
                <WeightSlider
                  name="similarity_threshold"
                  label={t("retrieval.similarityThreshold")}
                  inputLabel={t("retrieval.valueOf", { label: t("retrieval.similarityThreshold") })}
                  value={settings.similarityThreshold}
                  onChange={(value) => set("similarityThreshold", value)}
                  helper={t("retrieval.similarityThresholdHint")}
                />
                <WeightSlider
                  name="vector_similarity_weight"
                  label={t("retrieval.vectorWeight")}
                  inputLabel={t("retrieval.valueOf", { label: t("retrieval.vectorWeight") })}
                  value={settings.vectorWeight}
                  onChange={(value) => set("vectorWeight", value)}
                  helper={
                    <>
                      <HStack as="span" justify="space-between" display="flex" fontSize="sm" color="fg">
                        <span>{t("retrieval.keywordWeight")}</span>
                        <Box
                          as="output"
                          fontVariantNumeric="tabular-nums"
                          data-testid="keyword_similarity_weight-value"
                        >
                          {formatNumber(keywordWeight)}
                        </Box>
                      </HStack>
                      {t("retrieval.weightsHint")}
                    </>
                  }
                />
                <RerankSelect
                  value={settings.rerankId}
                  onChange={(value) => set("rerankId", value)}
                  helper={t("retrieval.rerankHint")}
                  size="sm"
                />
                <DocumentFilter
                  datasetId={datasetId}
                  value={settings.documentIds}
                  onChange={(ids) => set("documentIds", ids)}
                />
                <MetadataFilter
                  value={settings.metadata}
                  onChange={(value) => set("metadata", value)}
                  invalid={Boolean(errors.metadata)}
                />
                <CrossLanguagesField
                  value={settings.crossLanguages}
                  onChange={(languages) => set("crossLanguages", languages)}
                />
                <SettingSwitch
                  name="use_kg"
                  label={t("retrieval.useKg")}
                  hint={t("retrieval.useKgHint")}
                  checked={settings.useKg}
                  onChange={(checked) => set("useKg", checked)}
                />
                <FormField
                  label={t("retrieval.topK")}
                  helper={t("retrieval.topKHint")}
                  error={errors.topK ? "retrieval.topKInvalid" : undefined}
                >
                  <Input
                    name="top_k"
                    type="number"
                    size="sm"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    maxW="32"
                    value={settings.topK}
                    onChange={(e) => set("topK", e.target.value)}
                  />
                </FormField>
              </Fieldset.Content>
            </Fieldset.Root>
          </form>
        </Stack>
        <Stack gap="4" aria-busy={query.isFetching} minW="0">
          <Heading as="h2" size="md">
            {t("retrieval.results")}
          </Heading>
          {!params ? (
            <Text color="fg.muted">{t("retrieval.idle")}</Text>
          ) : query.isError ? (
            <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
          ) : query.isPending ? (
            <Stack gap="3" data-testid="retrieval-loading">
              <Skeleton h="24" rounded="md" />
              <Skeleton h="24" rounded="md" />
            </Stack>
          ) : (
            <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 1fr) 16rem" }} gap="4" alignItems="start">
              <Stack gap="3" opacity={query.isPlaceholderData ? 0.6 : 1}>
                <Text fontSize="sm" color="fg.muted" role="status" data-testid="retrieval-total">
                  {t("retrieval.total", { count: query.data.total, formatted: formatCount(query.data.total) })}
                </Text>
                {chunks.length === 0 ? (
                  <NoChunks />
                ) : (
                  chunks.map((chunk, i) => (
                    <RetrievedChunkCard key={chunk.id} chunk={chunk} index={(page - 1) * RETRIEVAL_PAGE_SIZE + i + 1} />
                  ))
                )}
                <Pager page={page} pageSize={RETRIEVAL_PAGE_SIZE} total={query.data.total} onChange={setPage} />
              </Stack>
              <DocAggregates aggs={overview.data?.doc_aggs ?? []} active={focusDoc} onSelect={focus} />
            </Grid>
          )}
        </Stack>
      </Grid>
    </Stack>
  );
};
