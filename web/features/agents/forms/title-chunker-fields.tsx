import { Box, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { TITLE_CHUNKER_METHODS } from "../../../../worker/contract/dataflow";
import { FormField } from "../../../components/form-field";
import { SettingSwitch } from "../../../components/setting-switch";
import { isValidRegex } from "../model/dataflow";
import { type FieldsProps, numberOr } from "./fields-props";
import { NumberField } from "./number-field";
import { Choice, RowList } from "./row-list";
import { StringListField } from "./string-list-field";

const HIERARCHY_LEVELS = ["1", "2", "3", "4", "5"] as const;

const ruleSets = (value: unknown): string[][] =>
  Array.isArray(value) ? value.map((levels) => (Array.isArray(levels) ? levels.map(String) : [])) : [];

// RAGFlow's TitleChunker: headings are found by regular expressions, one list per rule set (the first set whose
// expressions match the document wins), the first expression for H1, the next for H2 …; chunks are cut at the
// chosen level.
export const TitleChunkerFields = ({ form, set, errors }: FieldsProps) => {
  const { t } = useTranslation();
  const levels = ruleSets(form.levels);
  return (
    <Stack gap="4">
      <FormField
        label={t("pipelines.titleChunker.method")}
        helper={t(`pipelines.titleChunker.methodHints.${form.method === "group" ? "group" : "hierarchy"}`)}
      >
        <Choice
          name="method"
          label={t("pipelines.titleChunker.method")}
          value={form.method === "group" ? "group" : "hierarchy"}
          options={TITLE_CHUNKER_METHODS}
          labelOf={(method) => t(`pipelines.titleChunker.methods.${method}`)}
          onChange={(method) => set("method", method)}
        />
      </FormField>
      <FormField label={t("pipelines.titleChunker.hierarchy")} helper={t("pipelines.titleChunker.hierarchyHint")}>
        <Choice
          name="hierarchy"
          label={t("pipelines.titleChunker.hierarchy")}
          value={String(numberOr(form.hierarchy, 3))}
          options={HIERARCHY_LEVELS}
          labelOf={(level) => `H${level}`}
          onChange={(level) => set("hierarchy", Number(level))}
        />
      </FormField>
      <SettingSwitch
        name="include_heading_content"
        label={t("pipelines.titleChunker.includeHeading")}
        hint={t("pipelines.titleChunker.includeHeadingHint")}
        checked={form.include_heading_content === true}
        onChange={(checked) => set("include_heading_content", checked)}
      />
      <NumberField
        name="chunk_token_cap"
        label={t("pipelines.titleChunker.tokenCap")}
        helper={t("pipelines.titleChunker.tokenCapHint")}
        value={numberOr(form.chunk_token_cap, 512)}
        onChange={(value) => set("chunk_token_cap", value)}
        min={0}
        max={8000}
      />
      <FormField
        label={t("pipelines.titleChunker.rules")}
        helper={errors.levels ? undefined : t("pipelines.titleChunker.rulesHint")}
        error={errors.levels}
      >
        <Box w="full">
          <RowList
            rows={levels}
            testId="title-rule-set"
            title={(index) => t("pipelines.titleChunker.ruleSet", { n: index + 1 })}
            removeLabel={(index) =>
              t("pipelines.list.remove", { name: t("pipelines.titleChunker.ruleSet", { n: index + 1 }) })
            }
            addLabel={t("pipelines.titleChunker.addRuleSet")}
            onAdd={() => set("levels", [...levels, [""]])}
            onRemove={(index) =>
              set(
                "levels",
                levels.filter((_, i) => i !== index),
              )
            }
          >
            {(expressions, index) => (
              <StringListField
                name={`levels.${index}`}
                label={t("pipelines.titleChunker.expressions")}
                itemLabel={(level) => t("pipelines.titleChunker.level", { n: level + 1 })}
                values={expressions}
                onChange={(values) =>
                  set(
                    "levels",
                    levels.map((current, i) => (i === index ? values : current)),
                  )
                }
                addLabel={t("pipelines.titleChunker.addLevel")}
                invalidAt={(value) => !isValidRegex(value)}
              />
            )}
          </RowList>
        </Box>
      </FormField>
    </Stack>
  );
};
