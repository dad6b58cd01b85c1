import { Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import {
  META_FILTER_METHODS,
  type MetaDataFilter,
  metaDataFilterOf,
  metadataConditionOf,
  NO_META_DATA_FILTER,
} from "../../../worker/contract/chats";
import { FormField } from "../../components/form-field";
import {
  hasUnnamedCondition,
  MetadataFilter,
  metadataConditionFrom,
  type MetadataFilterValue,
  metadataFilterValueOf,
} from "./metadata-filter";

type Method = MetaDataFilter["method"];
// What an assistant's or search app's filter form holds: the method, manual conditions, semi_auto's field names.
export type MetadataFilterSetting = { method: Method; conditions: MetadataFilterValue; fields: string };

const fieldNames = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];

export const metadataFilterSettingOf = (filter: MetaDataFilter = NO_META_DATA_FILTER): MetadataFilterSetting => ({
  method: filter.method,
  conditions: metadataFilterValueOf(metadataConditionOf(filter)),
  fields: (filter.semi_auto ?? []).map((item) => (typeof item === "string" ? item : item.key)).join(", "),
});

// The setting's problem, if any: a manual condition without a field name, or semi_auto without fields.
export const metadataFilterSettingError = (setting: MetadataFilterSetting) =>
  setting.method === "manual" && hasUnnamedCondition(setting.conditions)
    ? ("retrieval.metadata.nameRequired" as const)
    : setting.method === "semi_auto" && fieldNames(setting.fields).length === 0
      ? ("retrieval.metadata.fieldsRequired" as const)
      : undefined;

// RAGFlow's meta_data_filter; manual without conditions is off.
export const metaDataFilterFrom = (setting: MetadataFilterSetting): MetaDataFilter => {
  if (setting.method === "manual") return metaDataFilterOf(metadataConditionFrom(setting.conditions));
  if (setting.method === "auto") return { ...NO_META_DATA_FILTER, method: "auto" };
  if (setting.method === "semi_auto")
    return { ...NO_META_DATA_FILTER, method: "semi_auto", semi_auto: fieldNames(setting.fields) };
  return NO_META_DATA_FILTER;
};

type Props = {
  value: MetadataFilterSetting;
  onChange: (value: MetadataFilterSetting) => void;
  error?: ReturnType<typeof metadataFilterSettingError>;
};

// Off, the conditions as written, or conditions the chat model writes for each question (over all fields or the
// ones named).
export const MetadataFilterSettingField = ({ value, onChange, error }: Props) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <FormField label={t("retrieval.metadata.method")} helper={t(`retrieval.metadata.methodHints.${value.method}`)}>
        <NativeSelect.Root size="sm" maxW="sm">
          <NativeSelect.Field
            name="meta_data_filter_method"
            value={value.method}
            onChange={(e) => onChange({ ...value, method: e.target.value as Method })}
          >
            {META_FILTER_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`retrieval.metadata.methods.${method}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {value.method === "manual" && (
        <MetadataFilter
          title={t("retrieval.metadata.conditions")}
          value={value.conditions}
          onChange={(conditions) => onChange({ ...value, conditions })}
          invalid={error === "retrieval.metadata.nameRequired"}
        />
      )}
      {value.method === "semi_auto" && (
        <FormField
          label={t("retrieval.metadata.fields")}
          helper={t("retrieval.metadata.fieldsHint")}
          error={error === "retrieval.metadata.fieldsRequired" ? error : undefined}
          required
        >
          <Input
            name="meta_data_filter_fields"
            size="sm"
            value={value.fields}
            placeholder={t("retrieval.metadata.fieldsPlaceholder")}
            onChange={(e) => onChange({ ...value, fields: e.target.value })}
          />
        </FormField>
      )}
      {(value.method === "auto" || value.method === "semi_auto") && (
        <Text fontSize="xs" color="fg.muted">
          {t("retrieval.metadata.modelNote")}
        </Text>
      )}
    </Stack>
  );
};
