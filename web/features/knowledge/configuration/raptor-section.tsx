import { Button, RadioGroup, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { RAPTOR_SCOPES, type RaptorScope } from "../../../../worker/contract/parser-config";
import { useTranslation } from "react-i18next";
import { ConfigField, NumberField, SwitchField } from "./config-field";
import { ConfigSection, type SectionProps } from "./config-section";

const randomSeed = () => String(Math.floor(Math.random() * 100_000));

export const RaptorSection = ({ values, set, errors }: SectionProps) => {
  const { t } = useTranslation();
  const error = (field: string) => errors[`parser_config.raptor.${field}`];
  return (
    <ConfigSection title={t("kbConfig.sections.raptor")} description={t("kbConfig.sections.raptorHint")}>
      <SwitchField
        name="use_raptor"
        label={t("kbConfig.fields.useRaptor")}
        checked={values.useRaptor}
        onChange={(checked) => set("useRaptor", checked)}
      />
      {values.useRaptor && (
        <Stack gap="5" data-testid="raptor-options">
          <ConfigField
            label={t("kbConfig.fields.raptorPrompt")}
            helper={t("kbConfig.fields.raptorPromptHint")}
            error={error("prompt")}
            required
          >
            <Textarea
              name="raptor_prompt"
              value={values.raptorPrompt}
              rows={5}
              onChange={(e) => set("raptorPrompt", e.target.value)}
            />
          </ConfigField>
          <RadioGroup.Root
            name="raptor_scope"
            value={values.raptorScope}
            onValueChange={(e) => e.value && set("raptorScope", e.value as RaptorScope)}
            colorPalette="teal"
          >
            <Stack gap="2">
              <RadioGroup.Label>{t("kbConfig.fields.raptorScope")}</RadioGroup.Label>
              <Stack direction={{ base: "column", md: "row" }} gap="6">
                {RAPTOR_SCOPES.map((scope) => (
                  <RadioGroup.Item key={scope} value={scope}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`kbConfig.fields.raptorScopes.${scope}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </Stack>
          </RadioGroup.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <NumberField
              label={t("kbConfig.fields.raptorMaxToken")}
              helper={t("kbConfig.fields.raptorMaxTokenHint")}
              name="raptor_max_token"
              value={values.raptorMaxToken}
              onChange={(value) => set("raptorMaxToken", value)}
              error={error("max_token")}
              min={1}
              max={2048}
              required
            />
            <NumberField
              label={t("kbConfig.fields.raptorThreshold")}
              helper={t("kbConfig.fields.raptorThresholdHint")}
              name="raptor_threshold"
              value={values.raptorThreshold}
              onChange={(value) => set("raptorThreshold", value)}
              error={error("threshold")}
              min={0}
              max={1}
              step={0.01}
              required
            />
            <NumberField
              label={t("kbConfig.fields.raptorMaxCluster")}
              helper={t("kbConfig.fields.raptorMaxClusterHint")}
              name="raptor_max_cluster"
              value={values.raptorMaxCluster}
              onChange={(value) => set("raptorMaxCluster", value)}
              error={error("max_cluster")}
              min={1}
              max={1024}
              required
            />
            <NumberField
              label={t("kbConfig.fields.raptorRandomSeed")}
              helper={t("kbConfig.fields.raptorRandomSeedHint")}
              name="raptor_random_seed"
              value={values.raptorRandomSeed}
              onChange={(value) => set("raptorRandomSeed", value)}
              error={error("random_seed")}
              min={0}
              required
            />
          </SimpleGrid>
          <Button size="sm" variant="outline" alignSelf="start" onClick={() => set("raptorRandomSeed", randomSeed())}>
            {t("kbConfig.fields.newSeed")}
          </Button>
        </Stack>
      )}
    </ConfigSection>
  );
};
