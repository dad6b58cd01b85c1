import { NativeSelect, SimpleGrid } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LAYOUT_RECOGNIZERS } from "../../../../worker/contract/parser-config";
import { ChunkMethodField } from "./chunk-method-field";
import { ConfigField, NumberField, SwitchField } from "./config-field";
import { ConfigSection, type SectionProps } from "./config-section";
import { DelimiterField } from "./delimiter-field";
import { ParseTypeField } from "./pipeline-field";
import { type TagSetChoices, TagSetsField } from "./tag-sets-field";

const layoutLabel = {
  DeepDOC: "kbConfig.fields.layoutDeepDoc",
  "Plain Text": "kbConfig.fields.layoutPlainText",
} as const;

export const ChunkingSection = ({
  values,
  set,
  errors,
  tagSets,
  llmId,
}: SectionProps & {
  tagSets: TagSetChoices;
  // the knowledge base's own chat model (parser_config.llm_id), which the Resume method uses first
  llmId?: string;
}) => {
  const { t } = useTranslation();
  const layouts: string[] = [...LAYOUT_RECOGNIZERS];
  if (values.layoutRecognize && !layouts.includes(values.layoutRecognize)) layouts.push(values.layoutRecognize);

  return (
    <ConfigSection title={t("kbConfig.sections.chunking")} description={t("kbConfig.sections.chunkingHint")}>
      <ParseTypeField values={values} set={set} errors={errors} />
      {values.parseType === "chunkMethod" && (
        <>
          <ChunkMethodField
            value={values.chunkMethod}
            onChange={(method) => set("chunkMethod", method)}
            error={errors.chunk_method}
            llmId={llmId}
          />
          <NumberField
            label={t("kbConfig.fields.chunkTokenNum")}
            helper={t("kbConfig.fields.chunkTokenNumHint")}
            name="chunk_token_num"
            value={values.chunkTokenNum}
            onChange={(value) => set("chunkTokenNum", value)}
            error={errors["parser_config.chunk_token_num"]}
            min={1}
            max={2048}
            required
          />
          <DelimiterField
            value={values.delimiter}
            onChange={(value) => set("delimiter", value)}
            error={errors["parser_config.delimiter"]}
          />
          {values.chunkMethod === "naive" && (
            <>
              <SwitchField
                name="enable_children"
                label={t("kbConfig.fields.enableChildren")}
                hint={t("kbConfig.fields.enableChildrenHint")}
                checked={values.enableChildren}
                onChange={(checked) => set("enableChildren", checked)}
              />
              {values.enableChildren && (
                <DelimiterField
                  name="children_delimiter"
                  label={t("kbConfig.fields.childrenDelimiter")}
                  value={values.childrenDelimiter}
                  onChange={(value) => set("childrenDelimiter", value)}
                  error={errors["parser_config.children_delimiter"]}
                />
              )}
            </>
          )}
          <ConfigField
            label={t("kbConfig.fields.layoutRecognize")}
            helper={t("kbConfig.fields.layoutHint")}
            error={errors["parser_config.layout_recognize"]}
            required
          >
            <NativeSelect.Root maxW="sm">
              <NativeSelect.Field
                name="layout_recognize"
                value={values.layoutRecognize}
                onChange={(e) => set("layoutRecognize", e.target.value)}
              >
                {layouts.map((layout) => (
                  <option key={layout} value={layout}>
                    {layout === "DeepDOC" || layout === "Plain Text" ? t(layoutLabel[layout]) : layout}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </ConfigField>
        </>
      )}
      <NumberField
        label={t("kbConfig.fields.pagerank")}
        helper={t("kbConfig.fields.pagerankHint")}
        name="pagerank"
        value={values.pagerank}
        onChange={(value) => set("pagerank", value)}
        error={errors.pagerank}
        min={0}
        max={100}
        required
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TagSetsField
          value={values.tagKbIds}
          onChange={(ids) => set("tagKbIds", ids)}
          choices={tagSets}
          error={errors["parser_config.tag_kb_ids"]}
        />
        <NumberField
          label={t("kbConfig.fields.topnTags")}
          helper={t("kbConfig.fields.topnTagsHint")}
          name="topn_tags"
          value={values.topnTags}
          onChange={(value) => set("topnTags", value)}
          error={errors["parser_config.topn_tags"]}
          min={1}
          max={10}
          required
        />
      </SimpleGrid>
    </ConfigSection>
  );
};
