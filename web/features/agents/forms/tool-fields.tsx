import { Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { ComponentName } from "../../../../worker/contract/agents";
import { REQUIRED_PARAMS, WEATHER_PERIODS } from "../../../../worker/contract/agent-components";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { ModelSelect } from "./model-select";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

export const TOOL_OPTIONS = {
  sort_by: ["relevance", "lastUpdatedDate", "submittedDate"],
  search_depth: ["basic", "advanced"],
  extract_type: ["text", "html"],
  period: WEATHER_PERIODS,
  topic: ["general", "news"],
  extract_depth: ["basic", "advanced"],
  format: ["markdown", "text"],
} as const;

type SelectKey = keyof typeof TOOL_OPTIONS;
type ToolParam =
  | "query"
  | "language"
  | "base_url"
  | "email"
  | "api_key"
  | "country"
  | "searxng_url"
  | "symbol"
  | "text"
  | "auth_key"
  | "target_lang"
  | "url"
  | "location"
  | "lang"
  | "geo_url"
  | "sql"
  | "account_id"
  | "database_id"
  | "api_token"
  | "urls";
type ToolField =
  // a text that may hold variables (the query, a URL to crawl)
  | { key: ToolParam; kind: "variable" }
  | { key: ToolParam; kind: "text" | "secret" | "url" }
  | { key: "top_n" | "max_results"; kind: "count" }
  | { key: SelectKey; kind: "select" }
  | { key: "llm_id"; kind: "model" };

const COUNT_MAX = 20;
const query: ToolField = { key: "query", kind: "variable" };
const count: ToolField = { key: "top_n", kind: "count" };
const baseUrl: ToolField = { key: "base_url", kind: "url" };
const apiKey: ToolField = { key: "api_key", kind: "secret" };

// The search and data tools' params, in the order the form shows them.
export const TOOL_FIELDS: Partial<Record<ComponentName, ToolField[]>> = {
  Wikipedia: [query, { key: "language", kind: "text" }, count, baseUrl],
  DuckDuckGo: [query, count, baseUrl],
  PubMed: [query, { key: "email", kind: "text" }, count, baseUrl],
  ArXiv: [query, { key: "sort_by", kind: "select" }, count, baseUrl],
  Google: [query, apiKey, { key: "country", kind: "text" }, { key: "language", kind: "text" }, count, baseUrl],
  Bing: [query, apiKey, count, baseUrl],
  Tavily: [query, apiKey, { key: "search_depth", kind: "select" }, count, baseUrl],
  SearXNG: [query, { key: "searxng_url", kind: "url" }, count],
  GitHub: [query, count, baseUrl],
  YahooFinance: [{ key: "symbol", kind: "variable" }, baseUrl],
  DeepL: [
    { key: "text", kind: "variable" },
    { key: "auth_key", kind: "secret" },
    { key: "target_lang", kind: "text" },
    baseUrl,
  ],
  Translate: [
    { key: "llm_id", kind: "model" },
    { key: "text", kind: "variable" },
    { key: "target_lang", kind: "text" },
  ],
  Crawler: [
    { key: "url", kind: "variable" },
    { key: "extract_type", kind: "select" },
  ],
  QWeather: [
    { key: "location", kind: "variable" },
    apiKey,
    { key: "period", kind: "select" },
    { key: "lang", kind: "text" },
    baseUrl,
    { key: "geo_url", kind: "url" },
  ],
  TavilySearch: [
    query,
    apiKey,
    { key: "search_depth", kind: "select" },
    { key: "topic", kind: "select" },
    { key: "max_results", kind: "count" },
    baseUrl,
  ],
  TavilyExtract: [
    { key: "urls", kind: "variable" },
    apiKey,
    { key: "extract_depth", kind: "select" },
    { key: "format", kind: "select" },
    baseUrl,
  ],
  ExeSQL: [
    { key: "sql", kind: "variable" },
    { key: "account_id", kind: "text" },
    { key: "database_id", kind: "text" },
    { key: "api_token", kind: "secret" },
    baseUrl,
  ],
};

// One form for every search and data tool, driven by TOOL_FIELDS.
export const ToolFields = ({ node, form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const required = REQUIRED_PARAMS[node.data.label as ComponentName] ?? [];
  const label = (key: ToolParam | SelectKey) => t(`agents.form.tool.${key}`);
  const field = (spec: ToolField) => {
    const isRequired = required.includes(spec.key);
    switch (spec.kind) {
      case "model":
        return <ModelSelect key={spec.key} value={text(form.llm_id)} onChange={(value) => set("llm_id", value)} />;
      case "variable":
        return (
          <VariableTextField
            key={spec.key}
            name={spec.key}
            label={label(spec.key)}
            value={text(form[spec.key])}
            onChange={(value) => set(spec.key, value)}
            variables={variables}
            error={errors[spec.key]}
            required={isRequired}
            multiline={false}
          />
        );
      case "count":
        return (
          <NumberField
            key={spec.key}
            name={spec.key}
            label={t("agents.form.tool.top_n")}
            value={numberOr(form[spec.key], 5)}
            onChange={(value) => set(spec.key, value)}
            min={1}
            max={COUNT_MAX}
          />
        );
      case "select":
        return (
          <FormField key={spec.key} label={label(spec.key)}>
            <NativeSelect.Root>
              <NativeSelect.Field
                name={spec.key}
                value={text(form[spec.key]) || TOOL_OPTIONS[spec.key][0]}
                onChange={(e) => set(spec.key, e.target.value)}
              >
                {TOOL_OPTIONS[spec.key].map((option) => (
                  <option key={option} value={option}>
                    {t(`agents.form.toolOptions.${option}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        );
      default:
        return (
          <FormField
            key={spec.key}
            label={label(spec.key)}
            error={errors[spec.key]}
            required={isRequired}
            helper={spec.key === "base_url" ? t("agents.form.tool.baseUrlHint") : undefined}
          >
            <Input
              name={spec.key}
              type={spec.kind === "secret" ? "password" : spec.kind === "url" ? "url" : "text"}
              autoComplete={spec.kind === "secret" ? "new-password" : "off"}
              value={text(form[spec.key])}
              onChange={(e) => set(spec.key, e.target.value)}
            />
          </FormField>
        );
    }
  };
  return <Stack gap="4">{(TOOL_FIELDS[node.data.label as ComponentName] ?? []).map(field)}</Stack>;
};
