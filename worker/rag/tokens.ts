import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";

// cl100k token counts, as RAGFlow uses. Building the encoder parses ~1 MB of ranks: do it once per isolate.
let encoder: Tiktoken | null = null;
const getEncoder = () => (encoder ??= new Tiktoken(cl100k));

export const countTokens = (text: string): number => (text ? getEncoder().encode(text).length : 0);

// The text cut to its first `limit` cl100k tokens.
export const truncateTokens = (text: string, limit: number) => {
  const tokens = getEncoder().encode(text);
  return tokens.length <= limit ? text : getEncoder().decode(tokens.slice(0, Math.max(0, limit)));
};
