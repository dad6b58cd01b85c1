import { Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { chatsQueryOptions } from "../../api/chats";
import { useStartRunMutation } from "../../api/evaluation-sets";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { SettingSwitch } from "../../components/setting-switch";
import { CrossLanguagesField } from "../retrieval/cross-languages-field";
import { RerankSelect } from "../retrieval/rerank-select";
import { WeightSlider } from "../retrieval/weight-slider";
import type { EvaluationSet, RetrievalSettings } from "./types";

type Form = {
  label: string;
  chatId: string;
  similarityThreshold: number;
  vectorWeight: number;
  topK: string;
  rerankId: string;
  keyword: boolean;
  useKg: boolean;
  crossLanguages: string[];
  tags: string;
};

// The retrieval testing page's defaults, or the settings of the set's last run.
const initialForm = (last: RetrievalSettings | undefined): Form => ({
  label: "",
  chatId: "",
  similarityThreshold: last?.similarity_threshold ?? 0.2,
  vectorWeight: last?.vector_similarity_weight ?? 0.3,
  topK: String(last?.top_k ?? 1024),
  rerankId: last?.rerank_id ?? "",
  keyword: last?.keyword ?? false,
  useKg: last?.use_kg ?? false,
  crossLanguages: last?.cross_languages ?? [],
  tags: (last?.tag_ids ?? []).join(", "),
});

// "Leitlinie, Impfung" → ["Leitlinie", "Impfung"]
const tagList = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

const validTopK = (text: string) => /^\s*\d+\s*$/.test(text) && Number(text) >= 1;

type Props = { set: EvaluationSet; onClose(): void; onStarted(runId: string): void };

// "Start run": the retrieval settings every question runs with; choosing an assistant fills in its settings and
// lets its chat model check the reference answers.
export const RunDialog = ({ set, onClose, onStarted }: Props) => {
  const { t } = useTranslation();
  const chats = useQuery(chatsQueryOptions());
  const start = useStartRunMutation();
  const [form, setForm] = useState<Form>(() => initialForm(set.last_run?.settings));
  const [topKInvalid, setTopKInvalid] = useState(false);
  const change = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));

  const chooseAssistant = (chatId: string) => {
    const chat = chats.data?.find((item) => item.id === chatId);
    setForm((current) =>
      chat
        ? {
            ...current,
            chatId,
            similarityThreshold: chat.similarity_threshold,
            vectorWeight: chat.vector_similarity_weight,
            topK: String(chat.top_k),
            rerankId: chat.rerank_id,
            label: current.label || chat.name,
          }
        : { ...current, chatId: "" },
    );
  };

  const submit = async () => {
    const invalid = !validTopK(form.topK);
    setTopKInvalid(invalid);
    if (invalid) return;
    const settings: RetrievalSettings = {
      similarity_threshold: form.similarityThreshold,
      vector_similarity_weight: form.vectorWeight,
      top_k: Number(form.topK),
      rerank_id: form.rerankId || undefined,
      keyword: form.keyword,
      use_kg: form.useKg,
      cross_languages: form.crossLanguages,
      chat_id: form.chatId || undefined,
      ...(tagList(form.tags).length > 0 && { tag_ids: tagList(form.tags) }),
    };
    const started = await start.mutateAsync({ setId: set.id, label: form.label.trim(), settings }).catch(notifyError);
    if (!started) return;
    notifySuccess(t("evalSets.run.started"));
    onStarted(started.run_id);
    onClose();
  };

  return (
    <FormDialog
      title={t("evalSets.run.title")}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("evalSets.run.start")}
    >
      <Stack gap="5">
        <FormField label={t("evalSets.run.label")}>
          <Input
            name="label"
            maxLength={128}
            placeholder={t("evalSets.run.labelPlaceholder")}
            value={form.label}
            onChange={(e) => change("label", e.target.value)}
          />
        </FormField>
        <FormField label={t("evalSets.run.assistant")} helper={t("evalSets.run.assistantHint")}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              name="chat_id"
              value={form.chatId}
              onChange={(e) => chooseAssistant(e.currentTarget.value)}
            >
              <option value="">{t("evalSets.run.assistantNone")}</option>
              {(chats.data ?? []).map((chat) => (
                <option key={chat.id} value={chat.id}>
                  {chat.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <WeightSlider
          name="similarity_threshold"
          label={t("retrieval.similarityThreshold")}
          inputLabel={t("retrieval.valueOf", { label: t("retrieval.similarityThreshold") })}
          value={form.similarityThreshold}
          onChange={(value) => change("similarityThreshold", value)}
          helper={t("retrieval.similarityThresholdHint")}
        />
        <WeightSlider
          name="vector_similarity_weight"
          label={t("retrieval.vectorWeight")}
          inputLabel={t("retrieval.valueOf", { label: t("retrieval.vectorWeight") })}
          value={form.vectorWeight}
          onChange={(value) => change("vectorWeight", value)}
          helper={t("retrieval.weightsHint")}
        />
        <FormField
          label={t("retrieval.topK")}
          helper={t("retrieval.topKHint")}
          error={topKInvalid ? "evalSets.run.settingsInvalid" : undefined}
        >
          <Input
            name="top_k"
            type="number"
            size="sm"
            min={1}
            step={1}
            inputMode="numeric"
            maxW="32"
            value={form.topK}
            onChange={(e) => change("topK", e.target.value)}
          />
        </FormField>
        <RerankSelect value={form.rerankId} onChange={(value) => change("rerankId", value)} size="sm" />
        <SettingSwitch
          name="keyword"
          label={t("evalSets.run.keyword")}
          hint={t("evalSets.run.keywordHint")}
          checked={form.keyword}
          onChange={(checked) => change("keyword", checked)}
        />
        <SettingSwitch
          name="use_kg"
          label={t("retrieval.useKg")}
          hint={t("retrieval.useKgHint")}
          checked={form.useKg}
          onChange={(checked) => change("useKg", checked)}
        />
        <CrossLanguagesField
          value={form.crossLanguages}
          onChange={(languages) => change("crossLanguages", languages)}
        />
        <FormField label={t("evalSets.run.tags")} helper={t("evalSets.run.tagsHint")}>
          <Input
            name="tag_ids"
            size="sm"
            placeholder={t("evalSets.run.tagsPlaceholder")}
            value={form.tags}
            onChange={(e) => change("tags", e.target.value)}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
};
