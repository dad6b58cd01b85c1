import {
  DEFAULT_MAX_TOKENS,
  DEFAULT_PROLOGUE,
  DEFAULT_SYSTEM_PROMPT,
  FREEDOM_PRESETS,
  type Design,
  type DesignInput,
  KNOWLEDGE_KEY,
  type PromptConfig,
  type PromptConfigInput,
} from "../../contract/chats";

export const DEFAULT_PROMPT_CONFIG: PromptConfig = {
  system: DEFAULT_SYSTEM_PROMPT,
  prologue: DEFAULT_PROLOGUE,
  parameters: [{ key: KNOWLEDGE_KEY, optional: false }],
  empty_response: "",
  quote: true,
  keyword: false,
  tts: false,
  stt: false,
  refine_multiturn: true,
  self_rag: false,
  suggested_questions: true,
  show_images: false,
  prompt_icon: false,
  llm_for_quotes: false,
  reasoning: false,
  refine_prompt: "",
  citation_prompt: "",
  followup_prompt: "",
  glossary: [],
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

export const DEFAULT_LLM_SETTING = { freedom: "precise" as const, ...FREEDOM_PRESETS.precise, max_tokens: DEFAULT_MAX_TOKENS };

const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>;

export const mergePromptConfig = (base: PromptConfig, changes: PromptConfigInput | undefined): PromptConfig => {
  const merged = { ...base, ...defined(changes ?? {}) } as PromptConfig;
  merged.empty_response = merged.empty_response ?? "";
  return merged;
};

export const mergeDesign = (base: DesignInput, changes: DesignInput | undefined): Design => ({ ...DEFAULT_DESIGN, ...base, ...defined(changes ?? {}) });
