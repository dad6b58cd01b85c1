import type { ChatMessage } from "../platform/providers/types";

// RAGFlow's cross-language search: one call translates the question into every listed language.
export const crossLanguagesPrompt = (question: string, languages: string[]): ChatMessage[] => [
  {
    role: "system",
    content:
      "You translate a search question for a multilingual search. Translate the question into each listed language, in the order listed, " +
      "keeping names, numbers and technical terms exact. Output only the translations, separated by a line with ###, without explanations.",
  },
  { role: "user", content: `Question:\n${question}\n===\nLanguages: ${languages.join(", ")}\n\nTranslations:` },
];

const MAX_TRANSLATION_CHARS = 2000;

const withoutLabel = (part: string, languages: string[]) => {
  const label = languages.find((language) => part.toLowerCase().startsWith(`${language.toLowerCase()}:`));
  return label ? part.slice(label.length + 1).trim() : part;
};

// The translations in a reply: the parts between ### lines (one a line when the model left them out), without a
// leading "Output:" or "<language>:" label and without a part that repeats the question.
export const parseTranslations = (reply: string, question: string, languages: string[]) => {
  const body = reply.trim().replace(/^(output|translations)\s*:/i, "");
  const parts = body.includes("###") ? body.split(/\s*###\s*/) : body.split(/\n+/);
  return parts
    .map((part) => withoutLabel(part.trim(), languages).slice(0, MAX_TRANSLATION_CHARS))
    .filter((part) => part && part !== question)
    .slice(0, languages.length);
};
