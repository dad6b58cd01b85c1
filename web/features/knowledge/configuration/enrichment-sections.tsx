import { SimpleGrid } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
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
      <SwitchField name="html4excel" label={t("kbConfig.fields.html4excel")} hint={t("kbConfig.fields.html4excelHint")} checked={values.html4excel} onChange={(checked) => set("html4excel", checked)} />
    </ConfigSection>
  );
};
