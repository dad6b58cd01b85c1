import { Box, Heading, HStack, Input, Separator, Stack, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { ConfigField } from "../knowledge/configuration/config-field";
import { SaveAsTemplateButton, TemplateInsertMenu } from "../prompts/template-menu";
import { MetadataFilterSettingField, metadataFilterSettingError } from "../retrieval/metadata-filter-setting";
import { CrossLanguagesField } from "../retrieval/cross-languages-field";
import { RerankSelect } from "../retrieval/rerank-select";
import { roundWeight } from "../retrieval/weight-slider";
import { TOP_N_MAX } from "../../../worker/contract/chats";
import type { TabProps } from "./config-form";
import { GlossaryEditor } from "./glossary-editor";
import { NumberSlider } from "../../components/number-slider";
import { SettingSwitch } from "../../components/setting-switch";
import { VariablesEditor } from "./variables-editor";

const PromptTextarea = ({
  name,
  label,
  hint,
  value,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) => (
  <ConfigField label={label} helper={hint}>
    <Textarea name={name} value={value} autoresize minH="16" maxH="60" onChange={(e) => onChange(e.target.value)} />
  </ConfigField>
);

export const PromptTab = ({ values, set, errors }: TabProps) => {
  const { t } = useTranslation();
  const vectorWeight = roundWeight(1 - values.keywordWeight);
  const sliderLabel = (label: string) => t("chatConfig.prompt.valueOf", { label });
  return (
    <Stack gap="5">
      <ConfigField
        label={t("chatConfig.prompt.system")}
        helper={t("chatConfig.prompt.systemHint")}
        error={errors.system}
        required
      >
        <Textarea
          name="system"
          value={values.system}
          fontFamily="mono"
          fontSize="sm"
          autoresize
          minH="32"
          maxH="80"
          onChange={(e) => set("system", e.target.value)}
        />
        <HStack gap="2" justify="flex-end" w="full">
          <TemplateInsertMenu onInsert={(content) => set("system", content)} />
          <SaveAsTemplateButton content={values.system} />
        </HStack>
      </ConfigField>
      <VariablesEditor
        variables={values.variables}
        errors={errors}
        onChange={(variables) => set("variables", variables)}
      />
      <PromptTextarea
        name="refine_prompt"
        label={t("chatConfig.prompt.refine")}
        hint={t("chatConfig.prompt.refineHint")}
        value={values.refinePrompt}
        onChange={(value) => set("refinePrompt", value)}
      />
      <PromptTextarea
        name="citation_prompt"
        label={t("chatConfig.prompt.citation")}
        hint={t("chatConfig.prompt.citationHint")}
        value={values.citationPrompt}
        onChange={(value) => set("citationPrompt", value)}
      />
      <PromptTextarea
        name="followup_prompt"
        label={t("chatConfig.prompt.followup")}
        hint={t("chatConfig.prompt.followupHint")}
        value={values.followupPrompt}
        onChange={(value) => set("followupPrompt", value)}
      />
      <GlossaryEditor glossary={values.glossary} errors={errors} onChange={(glossary) => set("glossary", glossary)} />
      <Separator />
      <Heading as="h3" size="sm">
        {t("chatConfig.prompt.retrieval")}
      </Heading>
      <NumberSlider
        name="similarity_threshold"
        label={t("chatConfig.prompt.similarityThreshold")}
        inputLabel={sliderLabel(t("chatConfig.prompt.similarityThreshold"))}
        value={values.similarityThreshold}
        onChange={(value) => set("similarityThreshold", value)}
        min={0}
        max={1}
        helper={t("chatConfig.prompt.similarityThresholdHint")}
      />
      <NumberSlider
        name="keywords_similarity_weight"
        label={t("chatConfig.prompt.keywordWeight")}
        inputLabel={sliderLabel(t("chatConfig.prompt.keywordWeight"))}
        value={values.keywordWeight}
        onChange={(value) => set("keywordWeight", roundWeight(value))}
        min={0}
        max={1}
        helper={
          <>
            <HStack justify="space-between" fontSize="sm" color="fg">
              <span>{t("chatConfig.prompt.vectorWeight")}</span>
              <Box as="output" fontVariantNumeric="tabular-nums" data-testid="vector_similarity_weight-value">
                {formatNumber(vectorWeight)}
              </Box>
            </HStack>
            {t("chatConfig.prompt.weightsHint")}
          </>
        }
      />
      <ConfigField label={t("chatConfig.prompt.topN")} helper={t("chatConfig.prompt.topNHint")} error={errors.topN}>
        <Input
          name="top_n"
          type="number"
          min={1}
          max={TOP_N_MAX}
          step={1}
          inputMode="numeric"
          maxW="32"
          value={values.topN}
          onChange={(e) => set("topN", e.target.value)}
        />
      </ConfigField>
      <RerankSelect
        value={values.rerankId}
        onChange={(value) => set("rerankId", value)}
        helper={t("chatConfig.prompt.rerankHint")}
      />
      <CrossLanguagesField value={values.crossLanguages} onChange={(languages) => set("crossLanguages", languages)} />
      <MetadataFilterSettingField
        value={values.metadataFilter}
        onChange={(value) => set("metadataFilter", value)}
        error={errors.metadataFilter ? metadataFilterSettingError(values.metadataFilter) : undefined}
      />
      <SettingSwitch
        name="refine_multiturn"
        label={t("chatConfig.toggles.refineMultiturn")}
        hint={t("chatConfig.toggles.refineMultiturnHint")}
        checked={values.refineMultiturn}
        onChange={(checked) => set("refineMultiturn", checked)}
      />
      <SettingSwitch
        name="self_rag"
        label={t("chatConfig.toggles.selfRag")}
        hint={t("chatConfig.toggles.selfRagHint")}
        checked={values.selfRag}
        onChange={(checked) => set("selfRag", checked)}
      />
    </Stack>
  );
};
