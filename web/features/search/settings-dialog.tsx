import { Box, Fieldset, HStack, Input, Stack, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_NAME_MAX, TOP_K_MAX } from "../../../worker/contract/searches";
import { type SearchApp, useUpdateSearchMutation } from "../../api/searches";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatNumber } from "../../lib/format";
import { KnowledgeSelect } from "../knowledge/knowledge-select";
import { SettingSwitch } from "../../components/setting-switch";
import { ChatModelSelect } from "../models/chat-model-select";
import { MetadataFilterSettingField, metadataFilterSettingError } from "../retrieval/metadata-filter-setting";
import { CrossLanguagesField } from "../retrieval/cross-languages-field";
import { RerankSelect } from "../retrieval/rerank-select";
import { roundWeight, WeightSlider } from "../retrieval/weight-slider";
import {
  type SettingsErrors,
  type SettingsValues,
  settingsPayload,
  settingsValuesOf,
  validateSettings,
} from "./settings-form";

type Props = { app: SearchApp; onClose: () => void };

// Everything a search app remembers: knowledge bases, retrieval settings, the summary's model and the switches.
export const SearchSettingsDialog = ({ app, onClose }: Props) => {
  const { t } = useTranslation();
  const update = useUpdateSearchMutation();
  const [values, setValues] = useState<SettingsValues>(() => settingsValuesOf(app));
  // after the first save attempt the errors follow every change
  const [attempted, setAttempted] = useState(false);
  const errors: SettingsErrors = attempted ? validateSettings(values) : {};
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const keywordWeight = roundWeight(1 - values.vectorWeight);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validateSettings(values)).length > 0) return;
    try {
      await update.mutateAsync({ id: app.id, ...settingsPayload(values) });
    } catch (error) {
      notifyError(error);
      return;
    }
    notifySuccess(t("common.toast.updated"));
    onClose();
  };

  return (
    <FormDialog
      title={t("search.config.title")}
      onSubmit={submit}
      onClose={onClose}
      loading={update.isPending}
      size="lg"
    >
      <Stack gap="5" data-testid="search-settings">
        <FormField label={t("search.config.name")} error={errors.name} required>
          <Input
            name="name"
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            maxLength={SEARCH_NAME_MAX}
          />
        </FormField>
        <FormField label={t("search.config.descriptionLabel")}>
          <Textarea
            name="description"
            rows={2}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            maxLength={2000}
          />
        </FormField>
        <KnowledgeSelect
          value={values.kbIds}
          onToggle={(id, chosen) =>
            set("kbIds", chosen ? [...values.kbIds, id] : values.kbIds.filter((kb) => kb !== id))
          }
          error={errors.kbIds ? { key: errors.kbIds } : undefined}
        />
        <Fieldset.Root>
          <Fieldset.Content gap="5">
            <WeightSlider
              name="similarity_threshold"
              label={t("search.config.similarityThreshold")}
              inputLabel={t("search.config.valueOf", { label: t("search.config.similarityThreshold") })}
              value={values.similarityThreshold}
              onChange={(value) => set("similarityThreshold", value)}
              helper={t("search.config.similarityThresholdHint")}
            />
            <WeightSlider
              name="vector_similarity_weight"
              label={t("search.config.vectorWeight")}
              inputLabel={t("search.config.valueOf", { label: t("search.config.vectorWeight") })}
              value={values.vectorWeight}
              onChange={(value) => set("vectorWeight", value)}
              helper={
                <>
                  <HStack as="span" justify="space-between" display="flex" fontSize="sm" color="fg">
                    <span>{t("search.config.keywordWeight")}</span>
                    <Box as="output" fontVariantNumeric="tabular-nums" data-testid="search-keyword-weight">
                      {formatNumber(keywordWeight)}
                    </Box>
                  </HStack>
                  {t("search.config.weightsHint")}
                </>
              }
            />
            <FormField label={t("search.config.topK")} helper={t("search.config.topKHint")} error={errors.topK}>
              <Input
                name="top_k"
                type="number"
                size="sm"
                min={1}
                max={TOP_K_MAX}
                step={1}
                inputMode="numeric"
                maxW="32"
                value={values.topK}
                onChange={(e) => set("topK", e.target.value)}
              />
            </FormField>
            <RerankSelect value={values.rerankId} onChange={(value) => set("rerankId", value)} size="sm" />
            <CrossLanguagesField
              value={values.crossLanguages}
              onChange={(languages) => set("crossLanguages", languages)}
            />
          </Fieldset.Content>
        </Fieldset.Root>
        <MetadataFilterSettingField
          value={values.metadataFilter}
          onChange={(value) => set("metadataFilter", value)}
          error={errors.metadataFilter ? metadataFilterSettingError(values.metadataFilter) : undefined}
        />
        <ChatModelSelect value={values.chatId} onChange={(chatId) => set("chatId", chatId)} />
        <Stack gap="4">
          <SettingSwitch
            name="summary"
            label={t("search.config.summary")}
            hint={t("search.config.summaryHint")}
            checked={values.summary}
            onChange={(checked) => set("summary", checked)}
          />
          <SettingSwitch
            name="related_search"
            label={t("search.config.related")}
            hint={t("search.config.relatedHint")}
            checked={values.related}
            onChange={(checked) => set("related", checked)}
          />
          <SettingSwitch
            name="query_mindmap"
            label={t("search.config.mindMap")}
            hint={t("search.config.mindMapHint")}
            checked={values.mindMap}
            onChange={(checked) => set("mindMap", checked)}
          />
          <SettingSwitch
            name="highlight"
            label={t("search.config.highlight")}
            hint={t("search.config.highlightHint")}
            checked={values.highlight}
            onChange={(checked) => set("highlight", checked)}
          />
          <SettingSwitch
            name="use_kg"
            label={t("search.config.useKg")}
            hint={t("search.config.useKgHint")}
            checked={values.useKg}
            onChange={(checked) => set("useKg", checked)}
          />
        </Stack>
      </Stack>
    </FormDialog>
  );
};
