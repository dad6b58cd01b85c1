import type { GlossaryEntry } from "../../contract/chats";
import type { ChatMessage } from "../../platform/providers/types";

// RAGFlow's citation guidelines, in our words: `[ID:i]` after the sentence, at most 4, only from the context.
export const CITATION_GUIDELINES = `# Citations
- Cite the knowledge you used with markers like [ID:0] or [ID:3] at the end of the sentence, before the full stop, using the ID of each chunk.
- Put at most 4 markers in one sentence and cite only chunks from the knowledge base above; never invent an ID.
- Do not cite when your answer does not use the knowledge base.
Example: "Adults should drink about 1.5 litres a day [ID:2]."`;

// "LLM for quotes": the chat model places the citations in a finished answer, changing nothing else.
export const citationPlacementPrompt = (answer: string, chunks: string[]): ChatMessage[] => [
  {
    role: "system",
    content: `You add citations to an answer. The numbered chunks below are the knowledge it was written from.
After each sentence that a chunk supports, before its full stop, add that chunk's marker like [ID:0] (at most 4 per sentence).
Leave sentences no chunk supports without a marker. Do not change, add or remove any other character of the answer.
Reply with the answer and its markers only.

${chunks.map((chunk, i) => `[ID:${i}]\n${chunk}`).join("\n\n")}`,
  },
  { role: "user", content: answer },
];

export const glossaryBlock = (glossary: GlossaryEntry[]) =>
  glossary.length
    ? `# Glossary\nUse these terms exactly as defined, and explain them when you use them:\n${glossary.map((entry) => `- ${entry.term}${entry.explanation ? `: ${entry.explanation}` : ""}`).join("\n")}`
    : "";

const today = () => new Date().toISOString().slice(0, 10);

export const refinePrompt = (custom: string, history: ChatMessage[]): ChatMessage[] => [
  {
    role: "system",
    content: (
      custom ||
      "Rewrite the user's last question as one standalone question that can be understood without the conversation. " +
        "Resolve pronouns and relative dates (today is {date}). Keep the language of the question. Output the question only."
    ).replaceAll("{date}", today()),
  },
  {
    role: "user",
    content: history
      .map((message) => `${message.role === "user" ? "USER" : "ASSISTANT"}: ${message.content}`)
      .join("\n"),
  },
];

export const followUpPrompt = (custom: string, question: string, answer: string, count: number): ChatMessage[] => [
  {
    role: "system",
    content:
      custom ||
      `Suggest ${count} short follow-up questions the user might ask next about the same topic, in the language of the question. One per line, questions only.`,
  },
  { role: "user", content: `Question: ${question}\nAnswer: ${answer}` },
];

export const relevancePrompt = (question: string, knowledge: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "You grade retrieved documents. Answer yes when the documents contain information that helps answer the question, otherwise no. Answer with one word: yes or no.",
  },
  { role: "user", content: `Question: ${question}\n\nDocuments:\n${knowledge}` },
];

export const rewritePrompt = (question: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "The search for the question below found nothing relevant. Rewrite it for a keyword search: use other words and synonyms, spell out abbreviations, keep the language. Output the new question only.",
  },
  { role: "user", content: question },
];

export const relatedQuestionsPrompt = (question: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "List 5 to 10 related search queries for the user's question, in the same language, one per line, numbered like '1. …'. Output the list only.",
  },
  { role: "user", content: question },
];

// The search app's "ask summary" (RAGFlow's ask_summary prompt, in our words): a short answer from the knowledge only.
export const askSummaryPrompt = (
  knowledge: string,
) => `Role: You summarise what the knowledge base says about the user's question.
Rules:
- Use only the knowledge below; never make things up, above all numbers, doses and dates.
- If the knowledge does not answer the question, say so in one sentence.
- Answer in Markdown, briefly, in the language of the question.

# Knowledge base
${knowledge}`;

export const isYes = (text: string) => /^\s*(yes|ja)\b/i.test(text);
