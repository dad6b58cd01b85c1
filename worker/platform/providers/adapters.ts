import { anthropicChat } from "./anthropic";
import type { Wire } from "./catalogue";
import { geminiChat, geminiEmbedding } from "./gemini";
import { ollamaChat, ollamaEmbedding } from "./ollama";
import { openAiChat, openAiEmbedding } from "./openai-compatible";
import type { ChatModel, EmbeddingModel, Endpoint } from "./types";

// Which adapter speaks a provider's wire format, per model type (null = not supported yet).
export const chatAdapter = (wire: Wire | undefined, id: string, endpoint: Endpoint): ChatModel | null => {
  if (wire === "openai") return openAiChat(id, endpoint);
  if (wire === "ollama") return ollamaChat(id, endpoint);
  if (wire === "anthropic") return anthropicChat(id, endpoint);
  if (wire === "gemini") return geminiChat(id, endpoint);
  return null;
};

export const embeddingAdapter = (wire: Wire | undefined, id: string, endpoint: Endpoint): EmbeddingModel | null => {
  if (wire === "openai") return openAiEmbedding(id, endpoint);
  if (wire === "ollama") return ollamaEmbedding(id, endpoint);
  if (wire === "gemini") return geminiEmbedding(id, endpoint);
  return null;
};
