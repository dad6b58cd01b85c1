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

// The translations in a reply: one a part (### or line breaks between them), a leading label dropped.
export const parseTranslations = (reply: string, languages: number) =>
  reply
    .replace(/^\s*(output|translations)\s*:/i, "")
    .split(/\n?[ \t]*###[ \t]*\n?|\n+/)
    .map((part) => part.trim().slice(0, MAX_TRANSLATION_CHARS))
    .filter(Boolean)
    .slice(0, languages);
