import { keywordPrompt, parseKeywords } from "../../../rag/enrich";
import { extractiveAnswer } from "../../../rag/chat/extractive";
import { analyzeQuery } from "../../../lib/terms";
import type { ComponentImpl } from "../engine/types";

const BUILTIN_NOTE = "(Das eingebaute Offline-Modell formuliert keinen eigenen Text. Richten Sie ein Chat-Modell ein. / The built-in offline model writes no text of its own; set up a chat model.)";

// Knowledge handed to the prompt by other components (e.g. a Retrieval's formalized_content), split into the
// pieces the built-in model quotes from.
const knowledgePieces = (text: string) => text.split(/\n-{6,}\n|\n{2,}/).map((piece) => piece.replace(/^ID: \d+\n(├── .*\n)*└── Content:\n/, "").trim()).filter(Boolean);

export const generate: ComponentImpl = {
  name: "Generate",
  run: async ({ params, render, llm, history }) => {
    const system = render(params.sys_prompt);
    const prompt = render(params.prompt);
    const turns = history.slice(-6).map(([role, content]) => ({ role: role as "user" | "assistant", content }));
    const text = await llm([...(system ? [{ role: "system" as const, content: system }] : []), ...turns, { role: "user", content: prompt }]);
    if (text !== null) return { outputs: { content: text } };
    const pieces = knowledgePieces(system);
    return { outputs: { content: pieces.length ? extractiveAnswer(prompt, pieces).replace(/ \[ID:\d+\]/g, "") : `${prompt}\n\n${BUILTIN_NOTE}` } };
  },
};

export const rewriteQuestion: ComponentImpl = {
  name: "RewriteQuestion",
  run: async ({ params, render, llm, history }) => {
    const question = render(params.query);
    const context = history.slice(-4).map(([role, content]) => `${role}: ${content}`).join("\n");
    const text = await llm([
      { role: "system", content: "Rewrite the user's last question so that it can be understood without the conversation. Answer with the question only, in its language." },
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
