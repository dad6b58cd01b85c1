import * as v from "valibot";
import { AvatarSchema, ChatIconSchema } from "./avatar";
import { utf8Length } from "./limits";
import {
  conditionList,
  MAX_METADATA_CONDITIONS,
  type MetadataCondition,
  MetadataConditionSchema,
  metadataFieldName,
  metadataLogic,
  metadataOperator,
  metadataValue,
} from "./metadata-condition";
import { CrossLanguagesSchema } from "./retrieval";
import {
  bool,
  float,
  int,
  isPlainObject,
  msg,
  oneOf,
  optionalOrNull,
  queryDesc,
  queryPageOrDefault,
  queryPageOrNone,
  str,
} from "./pydantic";

export const CHAT_NAME_MAX = 255;
export const DEFAULT_MAX_TOKENS = 512;
export const SUGGESTED_QUESTIONS = 2;
export const MAX_VARIABLES = 32;
export const MAX_GLOSSARY = 200;
export const MAX_QUESTION_CHARS = 8000;
export const MAX_HISTORY_MESSAGES = 200;
export const KNOWLEDGE_KEY = "knowledge";
export const BUILTIN_CHAT_ID = "builtin-extractive@Builtin";
// The similarity threshold a new assistant starts with (RAGFlow's is 0.2). Below it, a question
// counts as off-topic: the empty response, no model call. Chosen from `npm run bench:answers` for the default
// hybrid scoring (weight 0.3, built-in embedder): docs/benchmarks/answers.md.
export const DEFAULT_ANSWER_THRESHOLD = 0.51;
export const TOP_N_MAX = 128;
export const MAX_TOKENS_MAX = 1_000_000;
export const GLOSSARY_TERM_MAX = 200;

// Buddy's addition to an answer (final frame, stored message, search summary): a remark about how it was made,
// which clients show beside it. `offline_model`: the built-in model quoted the sources instead of writing.
export type AnswerNotice = { code: "offline_model"; message: string };
export const OFFLINE_MODEL_NOTICE: AnswerNotice = {
  code: "offline_model",
  message: "Offline model: quotes the sources only. Connect a chat model for written answers.",
};

// An answer cites chunk n of its reference with this marker.
export const CITATION_MARKER = /\[ID:(\d+)\]/g;

// RAGFlow's "freedom" presets: how freely the model may word its answer.
export const FREEDOM_PRESETS = {
  improvise: { temperature: 0.8, top_p: 0.9, presence_penalty: 0.1, frequency_penalty: 0.1 },
  balance: { temperature: 0.5, top_p: 0.85, presence_penalty: 0.2, frequency_penalty: 0.3 },
  precise: { temperature: 0.2, top_p: 0.75, presence_penalty: 0.5, frequency_penalty: 0.5 },
} as const;
export const FREEDOMS = ["improvise", "balance", "precise", "custom"] as const;

export const FEEDBACK_REASONS = [
  "wrong",
  "harmful",
  "offensive",
  "repetition",
  "unclear",
  "insufficient",
  "other",
] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

export const DEFAULT_SYSTEM_PROMPT = `You are an intelligent assistant. Please summarize the content of the knowledge base to answer the question. Please list the data in the knowledge base and answer in detail. When all knowledge base content is irrelevant to the question, your answer must include the sentence "The answer you are looking for is not found in the knowledge base!" Answers need to consider chat history.
Here is the knowledge base:
{knowledge}
The above is the knowledge base.`;
// The opener of a new conversation in the assistant's language (RAGFlow's English one for English).
export const DEFAULT_PROLOGUES = {
  German: "Hallo! Ich bin Ihr Assistent. Was kann ich für Sie tun?",
  English: "Hi! I'm your assistant, what can I do for you?",
} as const;
export const DEFAULT_PROLOGUE = DEFAULT_PROLOGUES.German;

export const VARIABLE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

const color = v.pipe(v.string(msg.string), v.regex(HEX_COLOR, "Colours must be hex values such as #1a7f64."));

const llmSettingEntries = {
  model_type: v.optional(oneOf(["chat", "image2text"] as const)),
  freedom: v.optional(oneOf(FREEDOMS)),
  temperature: v.optional(float(0, 2)),
  top_p: v.optional(float(0, 1)),
  presence_penalty: v.optional(float(-2, 2)),
  frequency_penalty: v.optional(float(-2, 2)),
  max_tokens: v.optional(int(0, MAX_TOKENS_MAX)),
  max_token: v.optional(int(0, MAX_TOKENS_MAX)),
};

// The model settings Buddy uses (a search app's, the assistant form's). RAGFlow v0.27 names the answer limit
// `max_token`; Buddy's `max_tokens` wins when a request sends both.
export const LlmSettingSchema = v.pipe(
  v.object(llmSettingEntries),
  v.transform(({ max_token, ...setting }) =>
    max_token !== undefined && setting.max_tokens === undefined ? { ...setting, max_tokens: max_token } : setting,
  ),
);
export type LlmSetting = v.InferOutput<typeof LlmSettingSchema>;

// An assistant's llm_setting as RAGFlow v0.27 keeps it: stored and answered as sent, whatever its values.
export const MAX_LLM_SETTING_CHARS = 4096;
export type StoredLlmSetting = Record<string, unknown>;
export const StoredLlmSettingSchema = v.pipe(
  v.unknown(),
  v.check(isPlainObject, "`llm_setting` should be an object."),
  v.check(
    (setting) => JSON.stringify(setting).length <= MAX_LLM_SETTING_CHARS,
    `\`llm_setting\` is longer than ${MAX_LLM_SETTING_CHARS} characters.`,
  ),
  v.transform((setting) => setting as StoredLlmSetting),
);

export type EffectiveLlmSetting = Pick<LlmSetting, "model_type"> & {
  freedom: (typeof FREEDOMS)[number];
  temperature: number;
  top_p: number;
  presence_penalty: number;
  frequency_penalty: number;
  max_tokens: number;
};
export const DEFAULT_LLM_SETTING: EffectiveLlmSetting = {
  freedom: "precise",
  ...FREEDOM_PRESETS.precise,
  max_tokens: DEFAULT_MAX_TOKENS,
};

// The settings an answer uses: each stored value Buddy can use (right type, in range), the default for the rest;
// v0.27's `max_token` stands in for a missing or unusable `max_tokens`.
export const effectiveLlmSetting = (stored: StoredLlmSetting): EffectiveLlmSetting => {
  const usable: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(llmSettingEntries)) {
    const parsed = v.safeParse(schema, stored[key]);
    if (parsed.success && parsed.output !== undefined) usable[key] = parsed.output;
  }
  const { max_token, ...rest } = usable;
  return {
    ...DEFAULT_LLM_SETTING,
    ...(max_token !== undefined && { max_tokens: max_token }),
    ...rest,
  } as EffectiveLlmSetting;
};

export const VariableSchema = v.object({
  key: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.regex(VARIABLE_KEY, "A variable key uses letters, digits and _ and does not start with a digit."),
  ),
  optional: v.optional(bool(), false),
});

export const GlossaryEntrySchema = v.object({
  term: str(1, GLOSSARY_TERM_MAX),
  explanation: v.optional(str(0, 2000), ""),
});

// Unknown keys RAGFlow clients send (tavily_api_key, toc_enhance, …) are dropped, not refused.
export const PromptConfigSchema = v.object({
  system: v.optional(v.pipe(v.string(msg.string), v.maxLength(100_000, msg.maxChars(100_000)))),
  prologue: v.optional(str(0, 5000)),
  parameters: v.optional(
    v.pipe(
      v.array(VariableSchema, msg.list),
      v.maxLength(MAX_VARIABLES, `At most ${MAX_VARIABLES} variables.`),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const seen = new Set<string>();
        for (const { key } of dataset.value) {
          if (seen.has(key)) {
            addIssue({ message: `\`parameters\` contains duplicate key: ${key}` });
            return;
          }
          seen.add(key);
        }
      }),
    ),
  ),
  empty_response: v.optional(v.nullable(str(0, 5000))),
  quote: v.optional(bool()),
  keyword: v.optional(bool()),
  tts: v.optional(bool()),
  stt: v.optional(bool()),
  refine_multiturn: v.optional(bool()),
  self_rag: v.optional(bool()),
  suggested_questions: v.optional(bool()),
  show_images: v.optional(bool()),
  prompt_icon: v.optional(bool()),
  llm_for_quotes: v.optional(bool()),
  reasoning: v.optional(bool()),
  use_kg: v.optional(bool()),
  cross_languages: v.optional(CrossLanguagesSchema),
  refine_prompt: v.optional(str(0, 20_000)),
  citation_prompt: v.optional(str(0, 20_000)),
  followup_prompt: v.optional(str(0, 20_000)),
  glossary: v.optional(
    v.pipe(
      v.array(GlossaryEntrySchema, msg.list),
      v.maxLength(MAX_GLOSSARY, `At most ${MAX_GLOSSARY} glossary entries.`),
    ),
  ),
});
export type PromptConfigInput = v.InferOutput<typeof PromptConfigSchema>;

// How the shared and embedded chat looks (Buddy's addition to RAGFlow's entity).
export const DesignSchema = v.object({
  disclaimer_show: v.optional(bool()),
  disclaimer_title: v.optional(str(0, 200)),
  disclaimer_text: v.optional(str(0, 5000)),
  background_color: v.optional(color),
  button_color: v.optional(color),
  footer_color: v.optional(color),
  user_bubble_color: v.optional(color),
  assistant_bubble_color: v.optional(color),
  text_color: v.optional(color),
  border_color: v.optional(color),
  input_color: v.optional(color),
  footer_text: v.optional(str(0, 500)),
  input_placeholder: v.optional(str(0, 200)),
});
export type DesignInput = v.InferOutput<typeof DesignSchema>;

// RAGFlow's dialog.meta_data_filter: the assistant searches only documents whose metadata passes. manual: the
// conditions as written; auto: the chat model writes conditions for each question from the documents' metadata;
// semi_auto: the same over the fields listed (RAGFlow also sends {key, op}, op fixing the comparison).
export const META_FILTER_METHODS = ["disabled", "manual", "auto", "semi_auto"] as const;
const SemiAutoField = v.union(
  [metadataFieldName, v.object({ key: metadataFieldName, op: v.optional(metadataOperator) })],
  msg.string,
);
export const MetaDataFilterSchema = v.object({
  method: v.optional(oneOf(META_FILTER_METHODS), "disabled"),
  logic: metadataLogic,
  manual: v.optional(conditionList({ key: metadataFieldName, op: metadataOperator, value: metadataValue }), []),
  semi_auto: v.optional(
    v.pipe(
      v.array(SemiAutoField, msg.list),
      v.maxLength(MAX_METADATA_CONDITIONS, `At most ${MAX_METADATA_CONDITIONS} metadata fields.`),
    ),
  ),
});
export type MetaDataFilter = v.InferOutput<typeof MetaDataFilterSchema>;
// auto and semi_auto: the chat model writes the conditions for each question
export const isModelWrittenFilter = (filter: MetaDataFilter) =>
  filter.method === "auto" || filter.method === "semi_auto";
export const NO_META_DATA_FILTER: MetaDataFilter = { method: "disabled", logic: "and", manual: [] };

// The retrieval condition of an assistant's filter, or none when it is off or empty.
export const metadataConditionOf = (filter: MetaDataFilter): MetadataCondition | undefined =>
  filter.method === "manual" && filter.manual.length > 0
    ? {
        logic: filter.logic,
        conditions: filter.manual.map(({ key, op, value }) => ({ name: key, comparison_operator: op, value })),
      }
    : undefined;

// An assistant's filter from a retrieval condition: manual with its conditions, or disabled without any.
export const metaDataFilterOf = (condition: MetadataCondition | undefined): MetaDataFilter =>
  condition?.conditions.length
    ? {
        method: "manual",
        logic: condition.logic,
        manual: condition.conditions.map(({ name, comparison_operator, value }) => ({
          key: name,
          op: comparison_operator,
          value,
        })),
      }
    : NO_META_DATA_FILTER;

export const TopNSchema = int(1, TOP_N_MAX);

const chatFields = {
  icon: v.optional(v.nullable(ChatIconSchema)),
  avatar: v.optional(v.nullable(AvatarSchema)),
  description: v.optional(v.nullable(str(0, 65_535))),
  language: v.optional(oneOf(["German", "English"] as const)),
  dataset_ids: v.optional(v.array(v.string(msg.string), "`dataset_ids` should be a list.")),
  llm_id: v.optional(v.nullable(str(0, 255))),
  llm_setting: v.optional(StoredLlmSettingSchema),
  prompt_config: v.optional(PromptConfigSchema),
  design: v.optional(DesignSchema),
  similarity_threshold: v.optional(float(0, 1)),
  vector_similarity_weight: v.optional(float(0, 1)),
  keywords_similarity_weight: v.optional(float(0, 1)),
  top_n: v.optional(TopNSchema),
  top_k: v.optional(int(1, 2048)),
  rerank_id: v.optional(v.nullable(str(0, 255))),
  meta_data_filter: optionalOrNull(MetaDataFilterSchema),
};

// RAGFlow v0.27 limits a chat name's UTF-8 bytes, not its characters
const chatNameFits = v.check<string, (issue: v.CheckIssue<string>) => string>(
  (name) => utf8Length(name) <= CHAT_NAME_MAX,
  (issue) => `chat name length is ${utf8Length(issue.input)} which is larger than ${CHAT_NAME_MAX}`,
);

// RAGFlow v0.27's _validate_name: null counts as missing, another type is named as such
const chatName = v.pipe(
  v.unknown(),
  v.check((name) => name != null, "`name` is required"),
  v.string("chat name must be a string"),
  v.trim(),
  v.nonEmpty("`name` is required"),
  chatNameFits,
);
const chatNameUpdate = v.pipe(
  v.unknown(),
  v.check((name) => name != null, "`name` is required"),
  v.string("chat name must be a string"),
  v.trim(),
  v.nonEmpty("`name` cannot be empty"),
  chatNameFits,
);
// the owner of an assistant is the caller's team; RAGFlow refuses a body naming another
const noTenantOverride = v.check<Record<string, unknown>, string>(
  (body) => !body.tenant_id,
  "`tenant_id` must not be provided",
);

const weightsAddUp = <T extends { vector_similarity_weight?: number; keywords_similarity_weight?: number }>(input: T) =>
  input.keywords_similarity_weight === undefined ||
  input.vector_similarity_weight === undefined ||
  Math.abs(input.keywords_similarity_weight + input.vector_similarity_weight - 1) < 1e-6;
const WEIGHTS_MESSAGE = "keywords_similarity_weight + vector_similarity_weight must equal 1.0";

export const CreateChatSchema = v.pipe(
  v.looseObject({}),
  noTenantOverride,
  v.object({ name: chatName, ...chatFields }),
  v.check((input) => weightsAddUp(input), WEIGHTS_MESSAGE),
);
export type CreateChatInput = v.InferOutput<typeof CreateChatSchema>;

// PUT replaces an assistant; without a name it keeps its name (RAGFlow v0.27 checks a name only when sent).
export const ReplaceChatSchema = v.pipe(
  v.looseObject({}),
  noTenantOverride,
  v.object({ name: v.optional(chatName), ...chatFields }),
  v.check((input) => weightsAddUp(input), WEIGHTS_MESSAGE),
);
export type ReplaceChatInput = v.InferOutput<typeof ReplaceChatSchema>;

export const UpdateChatSchema = v.pipe(
  v.looseObject({}),
  noTenantOverride,
  v.object({ name: v.optional(chatNameUpdate), ...chatFields }),
  v.check((input) => weightsAddUp(input), WEIGHTS_MESSAGE),
);
export type UpdateChatInput = v.InferOutput<typeof UpdateChatSchema>;

// Without a usable page the whole list comes back (up to CHAT_LIST_MAX) and page_size is ignored, as RAGFlow
// v0.27's suites expect of the chat list.
export const CHAT_LIST_MAX = 1000;
export const ListChatsQuerySchema = v.object({
  page: queryPageOrNone(),
  page_size: queryPageOrDefault(30, CHAT_LIST_MAX),
  orderby: v.optional(v.string(), "create_time"),
  desc: queryDesc(),
  name: v.optional(v.string()),
  id: v.optional(v.string()),
  keywords: v.optional(v.string()),
});
export type ListChatsQuery = v.InferOutput<typeof ListChatsQuerySchema>;

// RAGFlow v0.27 answers every unusable session name (not a string, blank) alike and cuts a long one at 255.
const SESSION_NAME_MAX = 255;
const sessionName = v.pipe(
  v.unknown(),
  v.check((name) => typeof name === "string" && name.trim() !== "", "`name` can not be empty"),
  v.transform((name) => (name as string).trim().slice(0, SESSION_NAME_MAX)),
);

export const CreateSessionSchema = v.object({
  name: v.optional(sessionName, "New session"),
  user_id: v.optional(str(0, 255)),
});

// A session's history is written by completions only (RAGFlow refuses it first, whatever else is sent).
export const UpdateSessionSchema = v.pipe(
  v.looseObject({}),
  v.check((body) => !("message" in body) && !("messages" in body), "`messages` cannot be changed."),
  v.check((body) => !("reference" in body), "`reference` cannot be changed."),
  // no name (or null) changes nothing, as in RAGFlow v0.27
  v.object({ name: v.nullish(sessionName) }),
);

export const ListSessionsQuerySchema = v.object({
  page: queryPageOrDefault(1),
  page_size: queryPageOrDefault(30, 1000),
  orderby: v.optional(v.string(), "create_time"),
  desc: queryDesc(),
  name: v.optional(v.string()),
  id: v.optional(v.string()),
  user_id: v.optional(v.string()),
});
export type ListSessionsQuery = v.InferOutput<typeof ListSessionsQuerySchema>;

export const HistoryMessageSchema = v.object({
  role: oneOf(["user", "assistant", "system"] as const),
  content: v.pipe(v.string(msg.string), v.maxLength(100_000, msg.maxChars(100_000))),
  id: v.optional(v.string()),
});

const question = v.pipe(
  v.string(msg.string),
  v.maxLength(MAX_QUESTION_CHARS, `A question has at most ${MAX_QUESTION_CHARS} characters.`),
);

// The RAGFlow completion body: `question` (appended to the session) or `messages` (the whole history,
// replacing the stored one, as RAGFlow's web client sends it). Extra keys fill the prompt variables.
export const CompletionSchema = v.looseObject({
  chat_id: v.optional(v.string()),
  question: v.optional(question),
  messages: v.optional(
    v.pipe(
      v.array(HistoryMessageSchema, msg.list),
      v.maxLength(MAX_HISTORY_MESSAGES, `At most ${MAX_HISTORY_MESSAGES} messages.`),
    ),
  ),
  stream: v.optional(bool(), true),
  session_id: v.optional(v.string()),
  user_id: v.optional(str(0, 255)),
  doc_ids: v.optional(v.union([v.string(), v.array(v.string())])),
  llm_id: v.optional(v.string()),
  // citations for this answer (RAGFlow's per-request quote), else the assistant's prompt_config.quote
  quote: v.optional(bool()),
});
export type CompletionInput = v.InferOutput<typeof CompletionSchema>;

export const OpenAiCompletionSchema = v.looseObject({
  model: v.pipe(v.string("`model` is required."), v.nonEmpty("`model` is required.")),
  messages: v.pipe(
    v.array(HistoryMessageSchema, "`messages` is required."),
    v.minLength(1, "You have to provide messages."),
    v.maxLength(MAX_HISTORY_MESSAGES, `At most ${MAX_HISTORY_MESSAGES} messages.`),
  ),
  stream: v.optional(bool(), false),
  // RAGFlow's extra_body: references (as a list of chunks), the documents' metadata on them, and a metadata filter
  extra_body: v.optional(
    v.pipe(
      v.custom<Record<string, unknown>>(isPlainObject, "extra_body must be an object."),
      v.looseObject({
        reference: v.optional(bool()),
        reference_metadata: v.optional(
          v.pipe(
            v.custom<Record<string, unknown>>(isPlainObject, "reference_metadata must be an object."),
            v.looseObject({
              include: v.optional(bool()),
              fields: v.optional(
                v.array(
                  v.string("reference_metadata.fields must be an array."),
                  "reference_metadata.fields must be an array.",
                ),
              ),
            }),
          ),
        ),
        metadata_condition: v.optional(
          v.pipe(
            v.custom<Record<string, unknown>>(isPlainObject, "metadata_condition must be an object."),
            MetadataConditionSchema,
          ),
        ),
      }),
    ),
  ),
});
export type OpenAiCompletionInput = v.InferOutput<typeof OpenAiCompletionSchema>;

export const FeedbackSchema = v.object({
  thumbup: bool(),
  feedback: v.optional(str(0, 2000)),
  reason: v.optional(v.nullable(oneOf(FEEDBACK_REASONS))),
});
export type FeedbackInput = v.InferOutput<typeof FeedbackSchema>;

export const SpeechSchema = v.object({
  text: v.pipe(
    v.string("`text` is required."),
    v.trim(),
    v.nonEmpty("`text` is required."),
    v.maxLength(4000, msg.maxChars(4000)),
  ),
});

export const RecommendationSchema = v.object({
  question: v.pipe(
    v.string("`question` is required."),
    v.trim(),
    v.nonEmpty("`question` is required."),
    v.maxLength(MAX_QUESTION_CHARS, msg.maxChars(MAX_QUESTION_CHARS)),
  ),
  // a search app's id: its chat model answers (the built-in one suggests the questions stored with its chunks)
  search_id: v.optional(v.string(msg.string)),
});
export type RecommendationInput = v.InferOutput<typeof RecommendationSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const DateRangeQuerySchema = v.object({
  from: v.optional(v.pipe(v.string(), v.regex(DAY, "`from` must be a date like 2026-01-31."))),
  to: v.optional(v.pipe(v.string(), v.regex(DAY, "`to` must be a date like 2026-01-31."))),
  format: v.optional(oneOf(["json", "csv", "md"] as const), "json"),
});
export type DateRangeQuery = v.InferOutput<typeof DateRangeQuerySchema>;

// ---- what the API returns ----

export type Variable = { key: string; optional: boolean };
export type GlossaryEntry = { term: string; explanation: string };

export type PromptConfig = {
  system: string;
  prologue: string;
  parameters: Variable[];
  empty_response: string;
  quote: boolean;
  keyword: boolean;
  tts: boolean;
  stt: boolean;
  refine_multiturn: boolean;
  self_rag: boolean;
  suggested_questions: boolean;
  show_images: boolean;
  prompt_icon: boolean;
  llm_for_quotes: boolean;
  reasoning: boolean;
  use_kg: boolean;
  // missing in assistants saved before it existed
  cross_languages?: string[];
  refine_prompt: string;
  citation_prompt: string;
  followup_prompt: string;
  glossary: GlossaryEntry[];
};

export type Design = Required<{ [K in keyof DesignInput]: NonNullable<DesignInput[K]> }>;

export type Chat = {
  id: string;
  tenant_id: string;
  name: string;
  icon: string | null;
  avatar: string | null;
  description: string | null;
  language: "German" | "English";
  dataset_ids: string[];
  kb_ids: string[];
  kb_names: string[];
  llm_id: string;
  tenant_llm_id: string;
  llm_setting: StoredLlmSetting;
  prompt_type: "simple";
  prompt_config: PromptConfig;
  design: Design;
  meta_data_filter: MetaDataFilter;
  similarity_threshold: number;
  vector_similarity_weight: number;
  top_n: number;
  top_k: number;
  rerank_id: string;
  do_refer: "1";
  status: "1";
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};

export type ReferenceChunk = {
  id: string;
  content: string;
  document_id: string;
  document_name: string;
  dataset_id: string;
  image_id: string;
  // the signed address of the chunk's image (chat answers; chunks of image files)
  image_url?: string;
  positions: number[][];
  url: string | null;
  similarity: number;
  vector_similarity: number;
  term_similarity: number;
  doc_type: string;
};

export type Reference = {
  total: number;
  chunks: ReferenceChunk[];
  doc_aggs: { doc_name: string; doc_id: string; count: number }[];
};

export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  created_at: number;
  thumbup?: boolean;
  feedback?: string;
  reason?: FeedbackReason | null;
  related_questions?: string[];
  // the full prompt sent to the model, kept when the assistant shows the prompt icon
  prompt?: string;
  // the answer's reference (assistant messages only; the same object as the session's reference list entry)
  reference?: Reference;
  // Buddy's: how the answer was made (the built-in model's answers), see AnswerNotice
  notice?: AnswerNotice;
};

export type Session = {
  id: string;
  chat_id: string;
  name: string;
  messages: ChatMessage[];
  reference: Reference[];
  user_id: string;
  source: "web" | "api" | "shared";
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};

// One streamed event (`data:` of the SSE stream); the last frame is `data: true`.
export type CompletionFrame = {
  answer: string;
  reference: Reference | Record<string, never>;
  // hex of the audio of the text so far not read out (prompt_config.tts with a TTS model), else null
  audio_binary: string | null;
  id: string;
  session_id: string;
  chat_id: string;
  final: boolean;
  // final frame only: the whole answer with citations, suggested follow-up questions, timings
  content?: string;
  related_questions?: string[];
  prompt?: string;
  created_at?: number;
  notice?: AnswerNotice;
};

export type ChatStats = {
  from: string;
  to: string;
  totals: {
    messages: number;
    active_users: number;
    tokens: number;
    token_speed: number;
    rounds: number;
    satisfaction: number | null;
    unanswered: number;
  };
  days: {
    date: string;
    messages: number;
    active_users: number;
    tokens: number;
    token_speed: number;
    rounds: number;
    satisfaction: number | null;
  }[];
};

// Buddy's teal on white; the shared and embedded chat use these until the owner picks others.
export const DEFAULT_DESIGN: Design = {
  disclaimer_show: false,
  disclaimer_title: "",
  disclaimer_text: "",
  background_color: "#ffffff",
  button_color: "#0f766e",
  footer_color: "#f4f4f5",
  user_bubble_color: "#0f766e",
  assistant_bubble_color: "#f4f4f5",
  text_color: "#18181b",
  border_color: "#e4e4e7",
  input_color: "#ffffff",
  footer_text: "",
  input_placeholder: "",
};
