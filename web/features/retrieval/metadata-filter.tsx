import { Button, Fieldset, HStack, IconButton, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  MAX_METADATA_CONDITIONS,
  type MetadataCondition,
  METADATA_OPERATORS,
} from "../../../worker/contract/metadata-condition";

type Condition = MetadataCondition["conditions"][number];
// What the editor holds: values stay text while typed (the server compares numbers as numbers).
export type MetadataFilterValue = {
  logic: MetadataCondition["logic"];
  conditions: (Omit<Condition, "value"> & { value: string })[];
};
export const NO_METADATA_FILTER: MetadataFilterValue = { logic: "and", conditions: [] };

export const metadataFilterValueOf = (condition: MetadataCondition | undefined): MetadataFilterValue =>
  condition
    ? {
        logic: condition.logic,
        conditions: condition.conditions.map((item) => ({ ...item, value: String(item.value) })),
      }
    : NO_METADATA_FILTER;

// A condition the server would refuse: no field name.
export const hasUnnamedCondition = (value: MetadataFilterValue) =>
  value.conditions.some((condition) => !condition.name.trim());

// The request's metadata_condition (field names trimmed), or none without conditions.
export const metadataConditionFrom = (value: MetadataFilterValue): MetadataCondition | undefined =>
  value.conditions.length
    ? {
        logic: value.logic,
        conditions: value.conditions.map((condition) => ({ ...condition, name: condition.name.trim() })),
      }
    : undefined;

const WITHOUT_VALUE = new Set(["empty", "not empty"]);

// title: the legend, when the editor sits under another heading ("Metadaten-Filter" by default)
type Props = {
  value: MetadataFilterValue;
  onChange: (value: MetadataFilterValue) => void;
  invalid: boolean;
  title?: string;
};

// Conditions on the documents' metadata (RAGFlow's metadata_condition): field, comparison, value; all or any.
export const MetadataFilter = ({ value, onChange, invalid, title }: Props) => {
  const { t } = useTranslation();
  const { conditions } = value;
  const update = (index: number, patch: Partial<MetadataFilterValue["conditions"][number]>) =>
    onChange({
      ...value,
      conditions: conditions.map((condition, i) => (i === index ? { ...condition, ...patch } : condition)),
    });
  return (
    <Fieldset.Root invalid={invalid}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {title ?? t("retrieval.metadata.title")}
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="xs">{t("retrieval.metadata.hint")}</Fieldset.HelperText>
      <Stack gap="2">
        {conditions.length > 1 && (
          <NativeSelect.Root size="sm" maxW="48">
            <NativeSelect.Field
              aria-label={t("retrieval.metadata.logic")}
              value={value.logic}
              onChange={(e) => onChange({ ...value, logic: e.target.value as MetadataFilterValue["logic"] })}
            >
              <option value="and">{t("retrieval.metadata.all")}</option>
              <option value="or">{t("retrieval.metadata.any")}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {conditions.map((condition, index) => (
          <Stack key={index} gap="1.5" borderWidth="1px" rounded="md" p="2" data-testid="metadata-condition">
            <HStack gap="1.5">
              <Input
                size="sm"
                aria-label={t("retrieval.metadata.field", { n: index + 1 })}
                placeholder={t("retrieval.metadata.fieldPlaceholder")}
                value={condition.name}
                aria-invalid={invalid && !condition.name.trim()}
                onChange={(e) => update(index, { name: e.target.value })}
              />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t("retrieval.metadata.remove", { n: index + 1 })}
                onClick={() => onChange({ ...value, conditions: conditions.filter((_, i) => i !== index) })}
              >
                <Trash2 />
              </IconButton>
            </HStack>
            <HStack gap="1.5">
              <NativeSelect.Root size="sm" maxW="40">
                <NativeSelect.Field
                  aria-label={t("retrieval.metadata.operator", { n: index + 1 })}
                  value={condition.comparison_operator}
                  onChange={(e) =>
                    update(index, { comparison_operator: e.target.value as Condition["comparison_operator"] })
                  }
                >
                  {METADATA_OPERATORS.map((operator) => (
                    <option key={operator} value={operator}>
                      {t(`retrieval.metadata.operators.${operator}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {!WITHOUT_VALUE.has(condition.comparison_operator) && (
                <Input
                  size="sm"
                  aria-label={t("retrieval.metadata.value", { n: index + 1 })}
                  placeholder={t("retrieval.metadata.valuePlaceholder")}
                  value={condition.value}
                  onChange={(e) => update(index, { value: e.target.value })}
                />
              )}
            </HStack>
          </Stack>
        ))}
        {invalid && <Fieldset.ErrorText>{t("retrieval.metadata.nameRequired")}</Fieldset.ErrorText>}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={conditions.length >= MAX_METADATA_CONDITIONS}
          onClick={() =>
            onChange({ ...value, conditions: [...conditions, { name: "", comparison_operator: "=", value: "" }] })
          }
        >
          <Plus /> {t("retrieval.metadata.add")}
        </Button>
      </Stack>
    </Fieldset.Root>
  );
};
