import { CITATION_MARKER } from "../../../contract/chats";
import { keywordPrompt, parseKeywords } from "../../../rag/enrich";
import { answerLanguage, extractiveAnswer } from "../../../rag/chat/extractive";
import { CITATION_GUIDELINES } from "../../../rag/chat/prompts";
import { analyzeQuery } from "../../../lib/terms";
import type { ComponentImpl } from "../engine/types";
import { referencedComponents } from "../engine/variables";

export const BUILTIN_NOTE =
  "(Das eingebaute Offline-Modell formuliert keinen eigenen Text. Richten Sie ein Chat-Modell ein. / The built-in offline model writes no text of its own; set up a chat model.)";

const KNOWLEDGE_CHUNK = /ID: (\d+)\n(?:├── .*\n)*└── Content:\n([\s\S]*?)(?=\n-{6,}\n|$)/g;

// Knowledge handed to the prompt by a Retrieval (its formalized_content): the chunks by their IDs, which the
// built-in model quotes and cites. Other text is split into paragraphs, quoted without citations.
const knowledgeOf = (text: string) => {
  const chunks = [...text.matchAll(KNOWLEDGE_CHUNK)].map((match) => ({
    id: Number(match[1]),
    content: (match[2] ?? "").trim(),
  }));
  if (chunks.length)
    return { pieces: chunks.map((chunk) => chunk.content), cited: true, ids: chunks.map((chunk) => chunk.id) };
  return {
    pieces: text
      .split(/\n{2,}/)
      .map((piece) => piece.trim())
      .filter(Boolean),
    cited: false,
    ids: [] as number[],
  };
};

const MAX_HISTORY_TURNS = 50;
const KNOWLEDGE_REFERENCE = /\{[A-Za-z]+:[A-Za-z0-9_-]+@formalized_content\}/g;

// The empty responses of the Retrievals a Generate reads that found nothing; when every one it reads came back
// empty, those texts are the answer (no model call), as RAGFlow's Generate answers.
export const emptyResponsesOf = (prompts: string, outputsOf: (id: string) => Record<string, unknown> | undefined) => {
  const ids = referencedComponents(prompts).filter((id) => id.startsWith("Retrieval:"));
  const outputs = ids.map(outputsOf);
  if (ids.length === 0 || outputs.some((out) => typeof out?.empty_response !== "string")) return null;
  return [...new Set(outputs.map((out) => String(out?.empty_response)))].join("\n\n");
};

export const generate: ComponentImpl = {
  name: "Generate",
  run: async ({ params, render, llm, history, values, say }) => {
    const emptyResponse = emptyResponsesOf(`${String(params.sys_prompt ?? "")}\n${String(params.prompt ?? "")}`, (id) =>
      values.outputs.get(id),
    );
    if (emptyResponse) return { outputs: { content: emptyResponse } };
    const rendered = render(params.sys_prompt);
    const prompt = render(params.prompt);
    // a Retrieval's chunks may come in the system prompt or the prompt
    const fromSystem = knowledgeOf(rendered);
    const fromPrompt = knowledgeOf(prompt);
    const knowledge = fromSystem.cited || !fromPrompt.cited ? fromSystem : fromPrompt;
    const cite = params.cite !== false && knowledge.cited;
    // with `cite`, the model is asked for [ID:n] markers that point into the Retrieval's chunks
    const system = cite ? `${rendered}\n\n${CITATION_GUIDELINES}`.trim() : rendered;
    const window = Math.max(
      0,
      Math.min(MAX_HISTORY_TURNS, Math.trunc(Number(params.message_history_window_size ?? 12)) || 0),
    );
    // the last `window` turns, a user and an assistant message each (RAGFlow's message_history_window_size)
    const turns = (window ? history.slice(-2 * window) : []).map(([role, content]) => ({
      role: role as "user" | "assistant",
      content,
    }));
    const text = await llm(
      [...(system ? [{ role: "system" as const, content: system }] : []), ...turns, { role: "user", content: prompt }],
      say ?? undefined,
    );
    if (text !== null) return { outputs: { content: text } };
    if (knowledge.pieces.length === 0) return { outputs: { content: `${prompt}\n\n${BUILTIN_NOTE}` } };
    // the built-in model quotes what best matches the prompt without the knowledge in it
    const question = render(String(params.prompt ?? "").replace(KNOWLEDGE_REFERENCE, "")) || prompt;
    return { outputs: { content: quotedAnswer(question, knowledge, cite) } };
  },
};

const quotedAnswer = (question: string, knowledge: ReturnType<typeof knowledgeOf>, cite: boolean) => {
  const quoted = extractiveAnswer(
    question,
    knowledge.pieces.map((content) => ({ content, similarity: 0 })),
    answerLanguage(question, "German"),
  );
  return cite
    ? quoted.replace(CITATION_MARKER, (_whole, n: string) => `[ID:${knowledge.ids[Number(n)] ?? n}]`)
    : quoted.replace(/ \[ID:\d+\]/g, "");
};

// The built-in offline model's answer for an LLM whose system prompt holds a Retrieval's chunks: their sentences
// that best match the question, as Generate quotes them; null when there are no chunks to quote.
export const quotedKnowledgeAnswer = (system: string, question: string): string | null => {
  const knowledge = knowledgeOf(system);
  return knowledge.cited ? quotedAnswer(question, knowledge, false) : null;
};

export const rewriteQuestion: ComponentImpl = {
  name: "RewriteQuestion",
  run: async ({ params, render, llm, history }) => {
    const question = render(params.query);
    const context = history
      .slice(-4)
      .map(([role, content]) => `${role}: ${content}`)
      .join("\n");
    const text = await llm([
      {
        role: "system",
        content:
          "Rewrite the user's last question so that it can be understood without the conversation. Answer with the question only, in its language.",
      },
      { role: "user", content: `${context}\n\nQuestion: ${question}` },
    ]);
    return { outputs: { content: text?.trim() || question } };
  },
};

export const keywordExtract: ComponentImpl = {
  name: "KeywordExtract",
  run: async ({ params, render, llm }) => {
    const text = render(params.query);
    const count = Number(params.top_n ?? 5) || 5;
    const answer = await llm(keywordPrompt(text, count));
    const keywords = answer === null ? analyzeQuery(text).terms.slice(0, count) : parseKeywords(answer, count);
    return { outputs: { content: keywords.join(", ") } };
  },
};
