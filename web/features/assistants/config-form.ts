import {
  metaDataFilterFrom,
  type MetadataFilterSetting,
  metadataFilterSettingError,
  metadataFilterSettingOf,
} from "../retrieval/metadata-filter-setting";
import { roundWeight } from "../retrieval/weight-slider";
import type { ParseKeys } from "i18next";
import * as v from "valibot";
import {
  CHAT_NAME_MAX,
  type Chat,
  type CreateChatInput,
  DEFAULT_ANSWER_THRESHOLD,
  DEFAULT_DESIGN,
  DEFAULT_MAX_TOKENS,
  DEFAULT_PROLOGUES,
  DEFAULT_SYSTEM_PROMPT,
  type Design,
  DesignSchema,
  effectiveLlmSetting,
  FREEDOM_PRESETS,
  type FREEDOMS,
  type GlossaryEntry,
  GLOSSARY_TERM_MAX,
  GlossaryEntrySchema,
  KNOWLEDGE_KEY,
  LlmSettingSchema,
  TopNSchema,
  type Variable,
  VariableSchema,
} from "../../../worker/contract/chats";
import { utf8Length } from "../../../worker/contract/limits";
import type { Dataset } from "../../../worker/contract/datasets";

export type Freedom = (typeof FREEDOMS)[number];
export type Preset = keyof typeof FREEDOM_PRESETS;

export const CONFIG_TABS = ["assistant", "prompt", "model", "design"] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

export const DESIGN_COLORS = [
  "background_color",
  "button_color",
  "footer_color",
  "user_bubble_color",
  "assistant_bubble_color",
  "text_color",
  "border_color",
  "input_color",
] as const;
export type DesignColor = (typeof DESIGN_COLORS)[number];

const DEFAULT_SIMILARITY_THRESHOLD = DEFAULT_ANSWER_THRESHOLD;
const DEFAULT_VECTOR_WEIGHT = 0.3;
const DEFAULT_TOP_N = 6;

const WHOLE_NUMBER = /^\s*\d+\s*$/;

// The fields the form checks, each with the contract's own schema (the server applies the same).
const FIELD_SCHEMAS = {
  variableKey: VariableSchema.entries.key,
  color: DesignSchema.entries.background_color,
  glossaryTerm: GlossaryEntrySchema.entries.term,
  topN: TopNSchema,
  maxTokens: LlmSettingSchema.entries.max_tokens,
};

export type ModelParameter = "temperature" | "top_p" | "presence_penalty" | "frequency_penalty";

// What the dialog edits; numbers typed by hand stay text until they are checked.
export type ConfigValues = {
  name: string;
  avatar: string;
  description: string;
  language: Chat["language"];
  datasetIds: string[];
  prologue: string;
  emptyResponse: string;
  suggestedQuestions: boolean;
  quote: boolean;
  llmForQuotes: boolean;
  showImages: boolean;
  promptIcon: boolean;
  useKg: boolean;
  crossLanguages: string[];
  keyword: boolean;
  tts: boolean;
  stt: boolean;
  disclaimerShow: boolean;
  disclaimerTitle: string;
  disclaimerText: string;
  system: string;
  refinePrompt: string;
  citationPrompt: string;
  followupPrompt: string;
  glossary: GlossaryEntry[];
  variables: Variable[];
  similarityThreshold: number;
  keywordWeight: number;
  topN: string;
  rerankId: string;
  metadataFilter: MetadataFilterSetting;
  refineMultiturn: boolean;
  selfRag: boolean;
  llmId: string;
  freedom: Freedom;
  parameters: Record<ModelParameter, number>;
  maxTokens: string;
  colors: Record<DesignColor, string>;
  footerText: string;
  inputPlaceholder: string;
};

export type FieldError = { key: ParseKeys; values?: Record<string, string | number> };
export type ConfigErrors = Partial<Record<string, FieldError>>;
export type TabErrors = Record<ConfigTab, boolean>;
export type Validation = { errors: ConfigErrors; tabErrors: TabErrors };

export type SetValue = <K extends keyof ConfigValues>(key: K, value: ConfigValues[K]) => void;
export type ChangeValues = (update: (values: ConfigValues) => ConfigValues) => void;
export type TabProps = { values: ConfigValues; set: SetValue; change: ChangeValues; errors: ConfigErrors };

const presetOf = (preset: Preset): Record<ModelParameter, number> => ({ ...FREEDOM_PRESETS[preset] });

const matchesPreset = (freedom: Freedom | undefined, parameters: Record<ModelParameter, number>): freedom is Preset =>
  freedom !== undefined &&
  freedom !== "custom" &&
  (Object.keys(parameters) as ModelParameter[]).every((key) => FREEDOM_PRESETS[freedom][key] === parameters[key]);

// `knowledge` is always the first variable, whether or not the stored list has it.
const withKnowledgeFirst = (variables: Variable[]): Variable[] => [
  variables.find((variable) => variable.key === KNOWLEDGE_KEY) ?? { key: KNOWLEDGE_KEY, optional: false },
  ...variables.filter((variable) => variable.key !== KNOWLEDGE_KEY),
];

const modelParametersOf = (chat: Chat | undefined): Pick<ConfigValues, "freedom" | "parameters"> => {
  if (!chat) return { freedom: "precise", parameters: presetOf("precise") };
  const setting = effectiveLlmSetting(chat.llm_setting);
  const parameters = {
    temperature: setting.temperature,
    top_p: setting.top_p,
    presence_penalty: setting.presence_penalty,
    frequency_penalty: setting.frequency_penalty,
  };
  // a preset name whose values were changed through the API is shown as what it is: custom
  return { freedom: matchesPreset(setting.freedom, parameters) ? setting.freedom : "custom", parameters };
};

const colorsOf = (design: Design | undefined): Record<DesignColor, string> =>
  Object.fromEntries(DESIGN_COLORS.map((key) => [key, design?.[key] || DEFAULT_DESIGN[key]])) as Record<
    DesignColor,
    string
  >;

export const initialValues = (chat?: Chat): ConfigValues => {
  const prompt = chat?.prompt_config;
  const design = chat?.design;
  return {
    name: chat?.name ?? "",
    avatar: chat?.avatar ?? chat?.icon ?? "",
    description: chat?.description ?? "",
    language: chat?.language ?? "German",
    datasetIds: chat?.dataset_ids ?? [],
    prologue: prompt?.prologue ?? DEFAULT_PROLOGUES[chat?.language ?? "German"],
    emptyResponse: prompt?.empty_response ?? "",
    suggestedQuestions: prompt?.suggested_questions ?? true,
    quote: prompt?.quote ?? true,
    llmForQuotes: prompt?.llm_for_quotes ?? false,
    showImages: prompt?.show_images ?? false,
    promptIcon: prompt?.prompt_icon ?? false,
    useKg: prompt?.use_kg ?? false,
    // assistants saved before the field existed have none
    crossLanguages: prompt?.cross_languages ?? [],
    keyword: prompt?.keyword ?? false,
    tts: prompt?.tts ?? false,
    stt: prompt?.stt ?? false,
    disclaimerShow: design?.disclaimer_show ?? false,
    disclaimerTitle: design?.disclaimer_title ?? "",
    disclaimerText: design?.disclaimer_text ?? "",
    system: prompt?.system ?? DEFAULT_SYSTEM_PROMPT,
    refinePrompt: prompt?.refine_prompt ?? "",
    citationPrompt: prompt?.citation_prompt ?? "",
    followupPrompt: prompt?.followup_prompt ?? "",
    glossary: prompt?.glossary ?? [],
    variables: withKnowledgeFirst(prompt?.parameters ?? []),
    similarityThreshold: chat?.similarity_threshold ?? DEFAULT_SIMILARITY_THRESHOLD,
    keywordWeight: roundWeight(1 - (chat?.vector_similarity_weight ?? DEFAULT_VECTOR_WEIGHT)),
    topN: String(chat?.top_n ?? DEFAULT_TOP_N),
    rerankId: chat?.rerank_id ?? "",
    metadataFilter: metadataFilterSettingOf(chat?.meta_data_filter),
    refineMultiturn: prompt?.refine_multiturn ?? true,
    selfRag: prompt?.self_rag ?? false,
    // empty: the server picks the tenant's default chat model for a new assistant
    llmId: chat?.llm_id ?? "",
    ...modelParametersOf(chat),
    maxTokens: String(chat ? effectiveLlmSetting(chat.llm_setting).max_tokens : DEFAULT_MAX_TOKENS),
    colors: colorsOf(design),
    footerText: design?.footer_text ?? "",
    inputPlaceholder: design?.input_placeholder ?? "",
  };
};

// Choosing a preset sets its four values; "custom" keeps the current ones.
export const applyFreedom = (values: ConfigValues, freedom: Freedom): ConfigValues =>
  freedom === "custom" ? { ...values, freedom } : { ...values, freedom, parameters: presetOf(freedom) };

// Moving a slider by hand leaves any preset.
export const setModelParameter = (values: ConfigValues, key: ModelParameter, value: number): ConfigValues => ({
  ...values,
  freedom: "custom",
  parameters: { ...values.parameters, [key]: value },
});

export const toggleDataset = (values: ConfigValues, id: string, chosen: boolean): ConfigValues => ({
  ...values,
  datasetIds: chosen ? [...new Set([...values.datasetIds, id])] : values.datasetIds.filter((current) => current !== id),
});

type DatasetModel = Pick<Dataset, "id" | "embedding_model">;

// The distinct embedding models of the chosen datasets (those the list knows).
export const embeddingModelsOf = (datasetIds: string[], datasets: DatasetModel[]) => [
  ...new Set(datasets.filter((dataset) => datasetIds.includes(dataset.id)).map((dataset) => dataset.embedding_model)),
];

const FIELD_TABS: [RegExp, ConfigTab][] = [
  [/^(name|avatar|description|datasetIds|prologue|emptyResponse|disclaimer\w*)$/, "assistant"],
  [
    /^(system|refinePrompt|citationPrompt|followupPrompt|topN|rerankId|metadataFilter|glossary\.\d+|variables\.\d+)$/,
    "prompt",
  ],
  [/^(llmId|maxTokens)$/, "model"],
  [/^(colors\.\w+|footerText|inputPlaceholder)$/, "design"],
];

export const tabOf = (field: string): ConfigTab =>
  FIELD_TABS.find(([pattern]) => pattern.test(field))?.[1] ?? "assistant";

const required: FieldError = { key: "validation.required" };

const checkVariables = (values: ConfigValues, errors: ConfigErrors) => {
  const seen = new Set<string>();
  values.variables.forEach((variable, index) => {
    const key = variable.key.trim();
    if (key === KNOWLEDGE_KEY && index === 0) return;
    if (!v.is(FIELD_SCHEMAS.variableKey, key)) errors[`variables.${index}`] = { key: "chatConfig.errors.variableKey" };
    else if (seen.has(key) || key === KNOWLEDGE_KEY)
      errors[`variables.${index}`] = { key: "chatConfig.errors.variableDuplicate", values: { key } };
    else if (!variable.optional && !values.system.includes(`{${key}}`))
      errors[`variables.${index}`] = {
        key: "chatConfig.errors.variableUnused",
        values: { key, placeholder: `{${key}}` },
      };
    seen.add(key);
  });
};

const checkGlossary = (values: ConfigValues, errors: ConfigErrors) => {
  values.glossary.forEach((entry, index) => {
    const term = entry.term.trim();
    if (!term && entry.explanation.trim()) errors[`glossary.${index}`] = { key: "chatConfig.errors.termRequired" };
    else if (term && !v.is(FIELD_SCHEMAS.glossaryTerm, term))
      errors[`glossary.${index}`] = { key: "chatConfig.errors.textTooLong", values: { max: GLOSSARY_TERM_MAX } };
  });
};

// A number typed as text: digits only, then the contract's range.
const wholeNumberFits = (text: string, schema: v.GenericSchema) =>
  WHOLE_NUMBER.test(text) && v.is(schema, Number(text));

// Everything the server would refuse, found before sending; tabErrors marks the tabs that hold an error.
export const validate = (values: ConfigValues, datasets: DatasetModel[]): Validation => {
  const errors: ConfigErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = required;
  else if (utf8Length(name) > CHAT_NAME_MAX)
    errors.name = { key: "chatConfig.errors.nameTooLong", values: { max: CHAT_NAME_MAX } };
  if (embeddingModelsOf(values.datasetIds, datasets).length > 1)
    errors.datasetIds = { key: "chatConfig.errors.mixedEmbedding" };
  if (!values.system.trim()) errors.system = required;
  checkVariables(values, errors);
  checkGlossary(values, errors);
  if (!wholeNumberFits(values.topN, FIELD_SCHEMAS.topN)) errors.topN = { key: "chatConfig.errors.topN" };
  const filterError = metadataFilterSettingError(values.metadataFilter);
  if (filterError) errors.metadataFilter = { key: filterError };
  if (!values.maxTokens.trim()) errors.maxTokens = required;
  else if (!wholeNumberFits(values.maxTokens, FIELD_SCHEMAS.maxTokens))
    errors.maxTokens = { key: "chatConfig.errors.maxTokens" };
  for (const key of DESIGN_COLORS)
    if (!v.is(FIELD_SCHEMAS.color, values.colors[key].trim()))
      errors[`colors.${key}`] = { key: "chatConfig.errors.color" };
  const tabErrors: TabErrors = { assistant: false, prompt: false, model: false, design: false };
  for (const field of Object.keys(errors)) tabErrors[tabOf(field)] = true;
  return { errors, tabErrors };
};

export const hasErrors = (validation: Validation) => Object.keys(validation.errors).length > 0;

// The snake_case body of POST /chats (and PATCH /chats/{id}, which merges it key by key).
export const toPayload = (values: ConfigValues): CreateChatInput => {
  const vectorWeight = roundWeight(1 - values.keywordWeight);
  return {
    name: values.name.trim(),
    avatar: values.avatar,
    description: values.description.trim() || null,
    language: values.language,
    dataset_ids: values.datasetIds,
    llm_id: values.llmId || undefined,
    llm_setting: { freedom: values.freedom, ...values.parameters, max_tokens: Number(values.maxTokens) },
    prompt_config: {
      system: values.system,
      prologue: values.prologue,
      parameters: values.variables.map((variable) => ({ key: variable.key.trim(), optional: variable.optional })),
      empty_response: values.emptyResponse,
      quote: values.quote,
      keyword: values.keyword,
      tts: values.tts,
      stt: values.stt,
      refine_multiturn: values.refineMultiturn,
      self_rag: values.selfRag,
      suggested_questions: values.suggestedQuestions,
      show_images: values.showImages,
      prompt_icon: values.promptIcon,
      use_kg: values.useKg,
      cross_languages: values.crossLanguages,
      llm_for_quotes: values.llmForQuotes,
      refine_prompt: values.refinePrompt,
      citation_prompt: values.citationPrompt,
      followup_prompt: values.followupPrompt,
      glossary: values.glossary
        .map((entry) => ({ term: entry.term.trim(), explanation: entry.explanation.trim() }))
        .filter((entry) => entry.term !== ""),
    },
    design: {
      disclaimer_show: values.disclaimerShow,
      disclaimer_title: values.disclaimerTitle,
      disclaimer_text: values.disclaimerText,
      ...(Object.fromEntries(DESIGN_COLORS.map((key) => [key, values.colors[key].trim()])) as Record<
        DesignColor,
        string
      >),
      footer_text: values.footerText,
      input_placeholder: values.inputPlaceholder,
    },
    similarity_threshold: values.similarityThreshold,
    vector_similarity_weight: vectorWeight,
    keywords_similarity_weight: roundWeight(1 - vectorWeight),
    top_n: Number(values.topN),
    rerank_id: values.rerankId,
    meta_data_filter: metaDataFilterFrom(values.metadataFilter),
  };
};
