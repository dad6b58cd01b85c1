import { SegmentGroup, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { NumberSlider } from "../../../components/number-slider";
import { SettingSwitch } from "../../../components/setting-switch";
import { readDelimiter, showDelimiter } from "../../knowledge/configuration/delimiter-field";
import { type FieldsProps, numberOr } from "./fields-props";
import { StringListField } from "./string-list-field";

const stringsOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

// RAGFlow's TokenChunker: chunks of about `chunk_token_size` tokens cut at the delimiters, optionally overlapping
// and split again into child chunks; or the whole document as one chunk.
export const TokenChunkerFields = ({ form, set, errors }: FieldsProps) => {
  const { t } = useTranslation();
  const mode = form.delimiter_mode === "one" ? "one" : "delimiter";
  const children = stringsOf(form.children_delimiters);
  const tokens = t("pipelines.tokenChunker.chunkTokenSize");
  const overlap = t("pipelines.tokenChunker.overlap");
  return (
    <Stack gap="4">
      <SegmentGroup.Root
        size="sm"
        value={mode}
        onValueChange={(e) => e.value && set("delimiter_mode", e.value)}
        aria-label={t("pipelines.tokenChunker.mode")}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: "delimiter", label: t("pipelines.tokenChunker.modeDelimiter") },
            { value: "one", label: t("pipelines.tokenChunker.modeOne") },
          ]}
        />
      </SegmentGroup.Root>
      {mode === "one" ? (
        <Text fontSize="sm" color="fg.muted" data-testid="one-chunk-hint">
          {t("pipelines.tokenChunker.oneHint")}
        </Text>
      ) : (
        <>
          <NumberSlider
            name="chunk_token_size"
            label={tokens}
            inputLabel={t("agents.form.valueOf", { label: tokens })}
            value={numberOr(form.chunk_token_size, 512)}
            onChange={(value) => set("chunk_token_size", value)}
            min={1}
            max={2048}
            step={1}
            helper={
              errors.chunk_token_size ? t(errors.chunk_token_size) : t("pipelines.tokenChunker.chunkTokenSizeHint")
            }
          />
          <NumberSlider
            name="overlapped_percent"
            label={overlap}
            inputLabel={t("agents.form.valueOf", { label: overlap })}
            value={numberOr(form.overlapped_percent, 0)}
            onChange={(value) => set("overlapped_percent", value)}
            min={0}
            max={99}
            step={1}
            helper={t("pipelines.tokenChunker.overlapHint")}
          />
          <StringListField
            name="delimiters"
            label={t("pipelines.tokenChunker.delimiters")}
            itemLabel={(index) => t("pipelines.tokenChunker.delimiterN", { n: index + 1 })}
            values={stringsOf(form.delimiters)}
            onChange={(values) => set("delimiters", values)}
            addLabel={t("pipelines.tokenChunker.addDelimiter")}
            show={showDelimiter}
            read={readDelimiter}
            error={errors.delimiters}
            helper={t("pipelines.tokenChunker.delimitersHint")}
          />
          <SettingSwitch
            name="enable_children"
            label={t("pipelines.tokenChunker.children")}
            hint={t("pipelines.tokenChunker.childrenHint")}
            checked={children.length > 0}
            onChange={(checked) => set("children_delimiters", checked ? ["\n"] : [])}
          />
          {children.length > 0 && (
            <StringListField
              name="children_delimiters"
              label={t("pipelines.tokenChunker.childrenDelimiters")}
              itemLabel={(index) => t("pipelines.tokenChunker.delimiterN", { n: index + 1 })}
              values={children}
              onChange={(values) => set("children_delimiters", values)}
              addLabel={t("pipelines.tokenChunker.addDelimiter")}
              show={showDelimiter}
              read={readDelimiter}
              error={errors.children_delimiters}
            />
          )}
        </>
      )}
    </Stack>
  );
};
