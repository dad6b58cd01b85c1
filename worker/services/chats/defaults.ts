import {
  DEFAULT_DESIGN,
  DEFAULT_PROLOGUE,
  DEFAULT_SYSTEM_PROMPT,
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
  use_kg: false,
  cross_languages: [],
  refine_prompt: "",
  citation_prompt: "",
  followup_prompt: "",
  glossary: [],
};

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>;

export const mergePromptConfig = (base: PromptConfig, changes: PromptConfigInput | undefined): PromptConfig => {
  const merged = { ...base, ...defined(changes ?? {}) } as PromptConfig;
  merged.empty_response = merged.empty_response ?? "";
  return merged;
};

export const mergeDesign = (base: DesignInput, changes: DesignInput | undefined): Design => ({
  ...DEFAULT_DESIGN,
  ...base,
  ...defined(changes ?? {}),
});
