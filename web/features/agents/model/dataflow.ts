import type { ParseKeys } from "i18next";
import * as v from "valibot";
import type { CanvasCategory, DataflowComponentName } from "../../../../worker/contract/dataflow";
import {
  DATAFLOW_COMPONENT_DEFAULTS,
  DATAFLOW_PARAM_SCHEMAS,
  isDataflowComponent,
  PARSER_FORMATS,
} from "../../../../worker/contract/dataflow";
import { isPlainObject } from "../../../../worker/contract/pydantic";

export type CanvasKind = CanvasCategory;
export const AGENT_CANVAS: CanvasKind = "agent_canvas";
export const DATAFLOW_CANVAS: CanvasKind = "dataflow_canvas";

// RAGFlow's id of a pipeline's start node (its Begin).
export const FILE_ID = "File";

// What a pipeline's palette offers: every dataflow component but File, the one start.
export const DATAFLOW_PALETTE_GROUPS = {
  parse: ["Parser"],
  chunk: ["TokenChunker", "TitleChunker"],
  enrich: ["Extractor"],
  index: ["Tokenizer", "Compiler"],
} as const satisfies Record<string, readonly DataflowComponentName[]>;

// What each component hands on (RAGFlow's outputs), for the references in an Extractor's prompt.
export const DATAFLOW_OUTPUTS: Record<DataflowComponentName, string[]> = {
  File: ["name", "file"],
  Parser: ["markdown", "text", "html", "json"],
  TokenChunker: ["chunks"],
  TitleChunker: ["chunks"],
  Extractor: ["chunks"],
  Tokenizer: [],
  Compiler: ["chunks"],
};

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : list(value).map((item) => (isPlainObject(item) ? String(item.value ?? item.expression ?? "") : String(item)));

// RAGFlow keeps a Parser's setups three ways: its editor form (a list with `fileFormat`), the older params (one
// key per format at the top level) and compiler.json's `setups` map. The editor edits the map.
const parserForm = (params: Record<string, unknown>): Record<string, unknown> => {
  const setups: Record<string, unknown> = {};
  if (Array.isArray(params.setups)) {
    for (const setup of params.setups) {
      if (!isPlainObject(setup) || typeof setup.fileFormat !== "string") continue;
      const { fileFormat, ...rest } = setup;
      setups[fileFormat] = rest;
    }
  } else if (isPlainObject(params.setups)) Object.assign(setups, params.setups);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === "setups") continue;
    if ((PARSER_FORMATS as readonly string[]).includes(key) && isPlainObject(value)) setups[key] ??= value;
    else rest[key] = value;
  }
  const defaults = DATAFLOW_COMPONENT_DEFAULTS.Parser.setups as Record<string, Record<string, unknown>>;
  // a format the canvas leaves out keeps its suffixes, so the file endings it takes stay visible
  for (const [format, setup] of Object.entries(setups))
    if (isPlainObject(setup) && !Array.isArray(setup.suffix) && defaults[format])
      setups[format] = { suffix: defaults[format].suffix, ...setup };
  return { ...rest, setups: Object.keys(setups).length ? setups : structuredClone(defaults) };
};

// The TitleChunker's levels: one list of expressions per rule set; RAGFlow's form wraps them as {levels: [{expression}]}.
const titleChunkerForm = (params: Record<string, unknown>): Record<string, unknown> => {
  const { rules, hierarchyRules, groupRules, ...rest } = params;
  const fromRules = list(rules ?? hierarchyRules ?? groupRules).map((rule) =>
    strings(isPlainObject(rule) ? rule.levels : rule),
  );
  const levels = Array.isArray(params.levels) ? list(params.levels).map(strings) : fromRules;
  const hierarchy = Number(params.hierarchy);
  return { ...rest, levels, ...(Number.isInteger(hierarchy) && hierarchy > 0 ? { hierarchy } : {}) };
};

const tokenChunkerForm = (params: Record<string, unknown>): Record<string, unknown> => ({
  ...params,
  delimiters: params.delimiters === undefined ? ["\n"] : strings(params.delimiters),
  children_delimiters: strings(params.children_delimiters),
});

const tokenizerForm = (params: Record<string, unknown>): Record<string, unknown> => ({
  ...params,
  fields: strings(params.fields ?? "text"),
});

const NORMALIZE: Partial<Record<DataflowComponentName, (params: Record<string, unknown>) => Record<string, unknown>>> =
  {
    Parser: parserForm,
    TitleChunker: titleChunkerForm,
    TokenChunker: tokenChunkerForm,
    Tokenizer: tokenizerForm,
  };

// The editor's form of a dataflow component: its defaults under the params the canvas has (the DSL's params win
// over a RAGFlow graph's form, which is its editor's own shape), in the shape the engine reads.
export const dataflowForm = (label: DataflowComponentName, params: Record<string, unknown>) => {
  const merged = { ...structuredClone(DATAFLOW_COMPONENT_DEFAULTS[label]), ...params };
  delete merged.name;
  return NORMALIZE[label]?.(merged) ?? merged;
};

export const isDataflowLabel = (label: string): label is DataflowComponentName => isDataflowComponent(label);

export const isValidRegex = (expression: string) => {
  try {
    return new RegExp(expression) instanceof RegExp;
  } catch {
    return false;
  }
};

const issueKey = (issue: v.BaseIssue<unknown>): ParseKeys => {
  switch (issue.type) {
    case "min_value":
    case "max_value":
    case "integer":
    case "number":
      return "pipelines.validation.outOfRange";
    case "picklist":
    case "union":
      return "pipelines.validation.notAnOption";
  }
  return "validation.invalid";
};

// What the shared contract (DATAFLOW_PARAM_SCHEMAS, which the worker applies too) and the form's own rules say
// about a dataflow node's params, keyed by param.
export const dataflowErrors = (label: DataflowComponentName, form: Record<string, unknown>) => {
  const errors: Partial<Record<string, ParseKeys>> = {};
  const result = v.safeParse(DATAFLOW_PARAM_SCHEMAS[label], form);
  if (!result.success)
    for (const issue of result.issues) {
      const key = String(issue.path?.[0]?.key ?? "form");
      errors[key] ??= issueKey(issue);
    }
  if (label === "TitleChunker" && list(form.levels).some((levels) => strings(levels).some((re) => !isValidRegex(re))))
    errors.levels ??= "pipelines.validation.regex";
  if (label === "TitleChunker" && strings(list(form.levels)[0]).length === 0 && !errors.levels)
    errors.levels = "pipelines.validation.levelsRequired";
  if (label === "Tokenizer" && list(form.search_method).length === 0) errors.search_method ??= "validation.required";
  if (label === "Extractor") {
    const prompt = list(form.prompts).find((item) => isPlainObject(item) && item.role === "user");
    if (!isPlainObject(prompt) || !String(prompt.content ?? "").trim()) errors.prompts ??= "validation.required";
    if (!form.field_name) errors.field_name ??= "validation.required";
  }
  return errors;
};
