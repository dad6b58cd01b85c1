import type { ChatMessage } from "../platform/providers/types";

// Prompts for auto keywords / auto questions (RAGFlow's idea, our wording) and parsers for the answers.
export const keywordPrompt = (content: string, count: number): ChatMessage[] => [
  {
    role: "system",
    content:
      "You analyse text. Extract the most important KEYWORDS or key phrases of the text below. " +
      `Give at most ${count}, in the same language as the text, separated by commas. Output the keywords only.`,
  },
  { role: "user", content },
];

export const questionPrompt = (content: string, count: number): ChatMessage[] => [
  {
    role: "system",
    content:
      `Write ${count} QUESTIONS that the text below answers. They must not overlap in meaning, should together cover ` +
      "the main content, and must be in the same language as the text. One question per line. Output the questions only.",
  },
  { role: "user", content },
];

const clean = (line: string) =>
  line
    .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "")
    .replace(/^["']|["']$/g, "")
    .trim();

export const parseKeywords = (answer: string, count: number) =>
  [
    ...new Set(
      answer
        .split(/[,，;\n]/)
        .map(clean)
        .filter((word) => word.length > 0 && word.length <= 64),
    ),
  ].slice(0, count);

export const parseQuestions = (answer: string, count: number) =>
  answer
    .split("\n")
    .map(clean)
    .filter((line) => line.length > 3)
    .slice(0, count);
