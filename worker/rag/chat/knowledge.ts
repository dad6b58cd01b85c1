import { countTokens } from "../tokens";

export type KnowledgeChunk = {
  content: string;
  document_name: string;
  url?: string | null;
  meta?: Record<string, unknown>;
};

// a metadata value on one line (lists joined), as RAGFlow's draw_node flattens line breaks
const metaLine = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value)).replace(/\n+/g, " ");

// RAGFlow's kb_prompt: each chunk as a small tree, joined by "------", until the token budget is spent.
export const knowledgePrompt = (chunks: KnowledgeChunk[], budgetTokens: number) => {
  const parts: string[] = [];
  let used = 0;
  for (const [i, chunk] of chunks.entries()) {
    const meta = Object.entries(chunk.meta ?? {})
      .filter(([, value]) => value !== "" && value !== null)
      .map(([key, value]) => `├── ${key}: ${metaLine(value)}`);
    const part = [
      `ID: ${i}`,
      `├── Title: ${chunk.document_name}`,
      ...(chunk.url ? [`├── URL: ${chunk.url}`] : []),
      ...meta,
      `└── Content:\n${chunk.content}`,
    ].join("\n");
    const tokens = countTokens(part);
    if (parts.length > 0 && used + tokens > budgetTokens) break;
    parts.push(part);
    used += tokens;
  }
  return { text: parts.join("\n------\n"), count: parts.length, tokens: used };
};
