import { Button, Fieldset, Text } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AUTO_METADATA_MAX_FIELDS } from "../../../../worker/contract/auto-metadata";
import { SwitchField } from "./config-field";
import { ConfigSection, type SectionProps } from "./config-section";
import { type MetadataRow, metadataRow } from "./form-values";
import { MetadataFieldRow } from "./metadata-field-row";

// RAGFlow's auto metadata: the chat model fills these fields of every document when it is parsed.
export const AutoMetadataSection = ({ values, set, errors }: SectionProps) => {
  const { t } = useTranslation();
  const rows = values.metadataFields;
  const update = (key: number, patch: Partial<MetadataRow>) =>
    set(
      "metadataFields",
      rows.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    );
  const listError = errors["parser_config.metadata"];
  return (
    <ConfigSection title={t("kbConfig.autoMetadata.title")} description={t("kbConfig.autoMetadata.hint")}>
      <SwitchField
        name="enable_metadata"
        label={t("kbConfig.autoMetadata.enable")}
        hint={t("kbConfig.autoMetadata.enableHint")}
        checked={values.enableMetadata}
        onChange={(checked) => set("enableMetadata", checked)}
      />
      <Fieldset.Root invalid={Boolean(listError)} data-testid="metadata-fields">
        <Fieldset.Legend>{t("kbConfig.autoMetadata.fields")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("kbConfig.autoMetadata.fieldsHint")}</Fieldset.HelperText>
        <Fieldset.Content gap="3">
          {rows.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t("kbConfig.autoMetadata.empty")}
            </Text>
          )}
          {rows.map((row, i) => (
            <MetadataFieldRow
              key={row.key}
              row={row}
              index={i + 1}
              error={errors[`parser_config.metadata.${i}`]}
              onChange={(patch) => update(row.key, patch)}
              onRemove={() =>
                set(
                  "metadataFields",
                  rows.filter((item) => item.key !== row.key),
                )
              }
            />
          ))}
        </Fieldset.Content>
        {listError && <Fieldset.ErrorText>{t(listError.key, listError.values ?? {})}</Fieldset.ErrorText>}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={rows.length >= AUTO_METADATA_MAX_FIELDS}
          onClick={() => set("metadataFields", [...rows, metadataRow()])}
        >
          <Plus aria-hidden />
          {t("kbConfig.autoMetadata.add")}
        </Button>
      </Fieldset.Root>
    </ConfigSection>
  );
};
