import { Checkbox, Fieldset, Flex, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { STRING_TRANSFORM_METHODS } from "../../../../worker/contract/agent-flow-params";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { Choice, listOf } from "./row-list";
import { VariableSelect } from "./variable-select";
import { VariableTextField } from "./variable-text-field";

// RAGFlow's delimiter choices; a split cuts at any of the chosen ones, a merge joins lists with the first.
const DELIMITERS = [
  [",", "comma"],
  [";", "semicolon"],
  [".", "period"],
  ["\n", "lineBreak"],
  ["\t", "tab"],
  [" ", "space"],
] as const;

// StringTransform: splits a text into a list, or merges variables into one text.
export const StringTransformFields = ({ form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const method = String(form.method ?? "merge") as "split" | "merge";
  const delimiters = listOf<string>(form.delimiters);
  return (
    <Stack gap="4">
      <FormField label={t("agents.flowData.method")}>
        <Choice
          name="method"
          label={t("agents.flowData.method")}
          value={method}
          options={STRING_TRANSFORM_METHODS}
          labelOf={(option) => t(`agents.flowData.methods.${option}`)}
          onChange={(next) => set("method", next)}
        />
      </FormField>
      {method === "split" ? (
        <FormField label={t("agents.flowData.splitText")}>
          <VariableSelect
            name="split_ref"
            label={t("agents.flowData.splitText")}
            value={text(form.split_ref)}
            onChange={(value) => set("split_ref", value)}
            variables={variables}
          />
        </FormField>
      ) : (
        <VariableTextField
          name="script"
          label={t("agents.flowData.script")}
          helper={t("agents.flowData.scriptHint")}
          value={text(form.script)}
          onChange={(value) => set("script", value)}
          variables={variables}
          multiline
        />
      )}
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm">{t("agents.flowData.delimiters")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("agents.flowData.delimitersHint")}</Fieldset.HelperText>
        <Flex gap="3" wrap="wrap">
          {DELIMITERS.map(([delimiter, name]) => (
            <Checkbox.Root
              key={name}
              size="sm"
              colorPalette="teal"
              checked={delimiters.includes(delimiter)}
              onCheckedChange={(e) =>
                set(
                  "delimiters",
                  e.checked === true
                    ? [...delimiters, delimiter]
                    : delimiters.length > 1
                      ? delimiters.filter((entry) => entry !== delimiter)
                      : delimiters,
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`agents.flowData.delimiterNames.${name}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Fieldset.Root>
    </Stack>
  );
};
