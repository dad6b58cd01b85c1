import { Checkbox, Stack, Wrap } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { SEARCH_METHODS, type SearchMethod } from "../../../../worker/contract/dataflow";
import { FormField } from "../../../components/form-field";
import { NumberSlider } from "../../../components/number-slider";
import { type FieldsProps, numberOr } from "./fields-props";

// The chunk fields RAGFlow's Tokenizer can index besides the text (what an Extractor wrote).
const INDEX_FIELDS = ["text", "questions", "summary"] as const;

const stringsOf = (value: unknown) =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.map(String) : [];

const toggle = (list: string[], item: string, on: boolean) =>
  on ? [...list, item] : list.filter((entry) => entry !== item);

// RAGFlow's Tokenizer, the end of a pipeline: how its chunks are made searchable.
export const TokenizerFields = ({ form, set, errors }: FieldsProps) => {
  const { t } = useTranslation();
  const methods = stringsOf(form.search_method);
  const fields = stringsOf(form.fields);
  const weight = t("pipelines.tokenizer.filenameWeight");
  return (
    <Stack gap="4">
      <FormField
        label={t("pipelines.tokenizer.searchMethod")}
        helper={t("pipelines.tokenizer.searchMethodHint")}
        error={errors.search_method}
        required
      >
        <Wrap gap="4" role="group" aria-label={t("pipelines.tokenizer.searchMethod")}>
          {SEARCH_METHODS.map((method: SearchMethod) => (
            <Checkbox.Root
              key={method}
              size="sm"
              checked={methods.includes(method)}
              onCheckedChange={(e) => set("search_method", toggle(methods, method, e.checked === true))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`pipelines.tokenizer.methods.${method}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </FormField>
      <FormField
        label={t("pipelines.tokenizer.fields")}
        helper={t("pipelines.tokenizer.fieldsHint")}
        error={errors.fields}
      >
        <Wrap gap="4" role="group" aria-label={t("pipelines.tokenizer.fields")}>
          {INDEX_FIELDS.map((field) => (
            <Checkbox.Root
              key={field}
              size="sm"
              checked={fields.includes(field)}
              onCheckedChange={(e) => set("fields", toggle(fields, field, e.checked === true))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`pipelines.tokenizer.fieldNames.${field}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </FormField>
      <NumberSlider
        name="filename_embd_weight"
        label={weight}
        inputLabel={t("agents.form.valueOf", { label: weight })}
        value={numberOr(form.filename_embd_weight, 0.1)}
        onChange={(value) => set("filename_embd_weight", value)}
        min={0}
        max={0.5}
        helper={t("pipelines.tokenizer.filenameWeightHint")}
      />
    </Stack>
  );
};
