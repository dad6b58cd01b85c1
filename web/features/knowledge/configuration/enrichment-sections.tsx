import { RadioGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { GRAPHRAG_METHODS, type GraphragMethod } from "../../../../worker/contract/parser-config";
import { NumberField, SwitchField } from "./config-field";
import { ConfigSection, type SectionProps } from "./config-section";
import { EntityTypesField } from "./entity-types-field";

export const GraphSection = ({ values, set, errors }: SectionProps) => {
  const { t } = useTranslation();
  return (
    <ConfigSection title={t("kbConfig.sections.graph")} description={t("kbConfig.sections.graphHint")}>
      <EntityTypesField
        value={values.entityTypes}
        onChange={(types) => set("entityTypes", types)}
        error={errors["parser_config.graphrag.entity_types"]}
      />
      <RadioGroup.Root
        name="graph_method"
        aria-describedby="graph-method-hint"
        value={values.graphMethod}
        onValueChange={(e) => e.value && set("graphMethod", e.value as GraphragMethod)}
        colorPalette="teal"
      >
        <Stack gap="2">
          <RadioGroup.Label>{t("kbConfig.fields.graphMethod")}</RadioGroup.Label>
          {GRAPHRAG_METHODS.map((method) => (
            <RadioGroup.Item key={method} value={method}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`kbConfig.fields.graphMethods.${method}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
          <Text id="graph-method-hint" fontSize="sm" color="fg.muted">
            {t("kbConfig.fields.graphMethodHint")}
          </Text>
        </Stack>
      </RadioGroup.Root>
      <SwitchField
        name="graph_resolution"
        label={t("kbConfig.fields.graphResolution")}
        hint={t("kbConfig.fields.graphResolutionHint")}
        checked={values.graphResolution}
        onChange={(checked) => set("graphResolution", checked)}
      />
      <SwitchField
        name="graph_community"
        label={t("kbConfig.fields.graphCommunity")}
        hint={t("kbConfig.fields.graphCommunityHint")}
        checked={values.graphCommunity}
        onChange={(checked) => set("graphCommunity", checked)}
      />
    </ConfigSection>
  );
};

export const AutoSection = ({ values, set, errors }: SectionProps) => {
  const { t } = useTranslation();
  return (
    <ConfigSection title={t("kbConfig.sections.auto")} description={t("kbConfig.sections.autoHint")}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <NumberField
          label={t("kbConfig.fields.autoKeywords")}
          helper={t("kbConfig.fields.autoKeywordsHint")}
          name="auto_keywords"
          value={values.autoKeywords}
          onChange={(value) => set("autoKeywords", value)}
          error={errors["parser_config.auto_keywords"]}
          min={0}
          max={32}
          required
        />
        <NumberField
          label={t("kbConfig.fields.autoQuestions")}
          helper={t("kbConfig.fields.autoQuestionsHint")}
          name="auto_questions"
          value={values.autoQuestions}
          onChange={(value) => set("autoQuestions", value)}
          error={errors["parser_config.auto_questions"]}
          min={0}
          max={10}
          required
        />
      </SimpleGrid>
    </ConfigSection>
  );
};

export const ExcelSection = ({ values, set }: Omit<SectionProps, "errors">) => {
  const { t } = useTranslation();
  return (
    <ConfigSection title={t("kbConfig.sections.excel")} description={t("kbConfig.sections.excelHint")}>
      <SwitchField
        name="html4excel"
        label={t("kbConfig.fields.html4excel")}
        hint={t("kbConfig.fields.html4excelHint")}
        checked={values.html4excel}
        onChange={(checked) => set("html4excel", checked)}
      />
    </ConfigSection>
  );
};
