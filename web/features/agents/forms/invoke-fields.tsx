import { HStack, Input, NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { COMPONENT_DEFAULTS } from "../../../../worker/contract/agent-components";
import { FormField } from "../../../components/form-field";
import { RemoveRowButton, RowsFieldset } from "../../../components/rows-fieldset";
import { SettingSwitch } from "../../../components/setting-switch";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { NumberField } from "./number-field";
import { VariableSelect } from "./variable-select";
import { VariableTextField } from "./variable-text-field";

const METHODS = ["GET", "POST", "PUT"] as const;
const DATATYPES = ["json", "formdata"] as const;
const DEFAULT_TIMEOUT = (COMPONENT_DEFAULTS.Invoke as { timeout: number }).timeout;

export type InvokeVariable = { key: string; ref: string };

export const isJsonObject = (value: string) => {
  try {
    const parsed: unknown = JSON.parse(value || "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
};

// Invoke: an HTTP request; the parameters are sent as query (GET) or body and come from variables.
export const InvokeFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const headers = text(form.headers);
  const params = (form.variables ?? []) as InvokeVariable[];
  const setParams = (next: InvokeVariable[]) => set("variables", next);
  return (
    <Stack gap="4">
      <VariableTextField
        name="url"
        label={t("agents.form.url")}
        value={text(form.url)}
        onChange={(value) => set("url", value)}
        variables={variables}
        error={errors.url}
        required
        multiline={false}
      />
      <HStack gap="3" align="start">
        <FormField label={t("agents.form.method")}>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="method"
              value={text(form.method) || "GET"}
              onChange={(e) => set("method", e.target.value)}
            >
              {METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t("agents.form.datatype")}>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="datatype"
              value={text(form.datatype) || "json"}
              onChange={(e) => set("datatype", e.target.value)}
            >
              {DATATYPES.map((datatype) => (
                <option key={datatype} value={datatype}>
                  {t(`agents.form.datatypes.${datatype}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </HStack>
      <NumberField
        name="timeout"
        label={t("agents.form.timeout")}
        value={numberOr(form.timeout, DEFAULT_TIMEOUT)}
        onChange={(value) => set("timeout", value)}
        min={1}
        max={600}
      />
      <FormField
        label={t("agents.form.headers")}
        helper={t("agents.form.headersHint")}
        error={isJsonObject(headers) ? undefined : "agents.validation.json"}
      >
        <Textarea
          name="headers"
          rows={3}
          fontFamily="mono"
          fontSize="sm"
          value={headers}
          onChange={(e) => set("headers", e.target.value)}
        />
      </FormField>
      <RowsFieldset
        legend={t("agents.form.parameters")}
        hint={t("agents.form.parametersHint")}
        addLabel={t("agents.form.addParameter")}
        onAdd={() => setParams([...params, { key: "", ref: "" }])}
      >
        {params.map((param, index) => (
          <HStack key={index} gap="2">
            <Input
              size="sm"
              w="32"
              aria-label={t("agents.form.parameterKey", { n: index + 1 })}
              value={param.key}
              onChange={(e) =>
                setParams(params.map((other, i) => (i === index ? { ...other, key: e.target.value } : other)))
              }
            />
            <VariableSelect
              name={`variables.${index}.ref`}
              label={t("agents.form.parameterValue", { n: index + 1 })}
              value={param.ref}
              onChange={(ref) => setParams(params.map((other, i) => (i === index ? { ...other, ref } : other)))}
              variables={variables}
            />
            <RemoveRowButton
              label={t("agents.form.removeParameter", { n: index + 1 })}
              onClick={() => setParams(params.filter((_, i) => i !== index))}
            />
          </HStack>
        ))}
      </RowsFieldset>
      <SettingSwitch
        name="clean_html"
        label={t("agents.form.cleanHtml")}
        hint={t("agents.form.cleanHtmlHint")}
        checked={form.clean_html === true}
        onChange={(checked) => set("clean_html", checked)}
      />
    </Stack>
  );
};
