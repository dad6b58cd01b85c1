import { anthropicChat, anthropicImageToText } from "./anthropic";
import type { ModelType, Wire } from "./catalogue";
import { geminiChat, geminiEmbedding, geminiImageToText } from "./gemini";
import { ollamaChat, ollamaEmbedding, ollamaImageToText } from "./ollama";
import { openAiChat, openAiEmbedding } from "./openai-compatible";
import { openAiImageToText, openAiRerank, openAiSpeechToText, openAiTextToSpeech } from "./openai-media";
import type {
  ChatModel,
  EmbeddingModel,
  Endpoint,
  ImageToTextModel,
  RerankModel,
  SpeechToTextModel,
  TextToSpeechModel,
} from "./types";
import {
  type AiRunner,
  workersAiChat,
  workersAiEmbedding,
  workersAiImageToText,
  workersAiRerank,
  workersAiSpeechToText,
  workersAiTextToSpeech,
} from "./workers-ai";

export type ModelOf = {
  chat: ChatModel;
  embedding: EmbeddingModel;
  rerank: RerankModel;
  image2text: ImageToTextModel;
  speech2text: SpeechToTextModel;
  tts: TextToSpeechModel;
};

// What an adapter needs: the model id for bookkeeping, where to call, and the AI binding for Workers AI.
export type Target = { id: string; endpoint: Endpoint; ai: AiRunner | null };

type Factories = { [T in ModelType]?: (target: Target) => ModelOf[T] };

const WIRES: Record<Wire, Factories> = {
  builtin: {},
  openai: {
    chat: (t) => openAiChat(t.id, t.endpoint),
    embedding: (t) => openAiEmbedding(t.id, t.endpoint),
    rerank: (t) => openAiRerank(t.id, t.endpoint),
    image2text: (t) => openAiImageToText(t.id, t.endpoint),
    speech2text: (t) => openAiSpeechToText(t.id, t.endpoint),
    tts: (t) => openAiTextToSpeech(t.id, t.endpoint),
  },
  ollama: {
    chat: (t) => ollamaChat(t.id, t.endpoint),
    embedding: (t) => ollamaEmbedding(t.id, t.endpoint),
    image2text: (t) => ollamaImageToText(t.id, t.endpoint),
  },
  anthropic: {
    chat: (t) => anthropicChat(t.id, t.endpoint),
    image2text: (t) => anthropicImageToText(t.id, t.endpoint),
  },
  gemini: {
    chat: (t) => geminiChat(t.id, t.endpoint),
    embedding: (t) => geminiEmbedding(t.id, t.endpoint),
    image2text: (t) => geminiImageToText(t.id, t.endpoint),
  },
  "workers-ai": {
    chat: (t) => workersAiChat(t.id, t.endpoint.model, t.ai),
    embedding: (t) => workersAiEmbedding(t.id, t.endpoint.model, t.ai),
    rerank: (t) => workersAiRerank(t.id, t.endpoint.model, t.ai),
    image2text: (t) => workersAiImageToText(t.id, t.endpoint.model, t.ai),
    speech2text: (t) => workersAiSpeechToText(t.id, t.endpoint.model, t.ai),
    tts: (t) => workersAiTextToSpeech(t.id, t.endpoint.model, t.ai),
  },
};

// The adapter that speaks a provider's wire format for one model type (null = the provider does not offer it).
export const modelAdapter = <T extends ModelType>(
  wire: Wire | undefined,
  type: T,
  target: Target,
): ModelOf[T] | null => {
  const factory = wire ? (WIRES[wire][type] as ((target: Target) => ModelOf[T]) | undefined) : undefined;
  return factory ? factory(target) : null;
};
