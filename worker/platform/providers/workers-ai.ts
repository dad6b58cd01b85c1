import { base64ToBytes } from "../../lib/bytes";
import { readLines } from "./http";
import { normalize, stripThinking } from "./openai-compatible";
import {
  type ChatModel,
  type ChatOptions,
  type EmbeddingModel,
  type ImageToTextModel,
  ProviderError,
  type RerankModel,
  type SpeechToTextModel,
  type TextToSpeechModel,
  type TokenUsage,
  type TranscriptSegment,
} from "./types";
import { segmentsOf } from "./openai-media";

// The slice of the AI binding Buddy uses. In production it is env.AI; tests run a fake (workers-ai-fake.ts)
// because Workers AI has no local implementation.
export type AiRunner = { run(model: string, inputs: Record<string, unknown>): Promise<unknown> };

type AiUsage = { prompt_tokens?: number; completion_tokens?: number };
const usageOf = (usage: AiUsage | undefined): TokenUsage => ({
  promptTokens: usage?.prompt_tokens ?? 0,
  completionTokens: usage?.completion_tokens ?? 0,
});

const call = async <T>(ai: AiRunner | null, model: string, inputs: Record<string, unknown>): Promise<T> => {
  if (!ai) throw new ProviderError(0, "Workers AI is not bound to this deployment (the [ai] binding is missing).");
  try {
    return (await ai.run(model, inputs)) as T;
  } catch (error) {
    const message = (error as Error).message;
    // local `wrangler dev` cannot run Workers AI without a Cloudflare login
    throw new ProviderError(
      0,
      `Workers AI failed: ${message}. Workers AI runs only on Cloudflare (deployed, or wrangler dev --remote).`,
    );
  }
};

const generationInputs = (options: ChatOptions) => ({
  max_tokens: options.max_tokens,
  temperature: options.temperature,
  top_p: options.top_p,
  presence_penalty: options.presence_penalty,
  frequency_penalty: options.frequency_penalty,
});

export const workersAiChat = (id: string, model: string, ai: AiRunner | null): ChatModel => ({
  id,
  async complete(messages, options = {}) {
    const result = await call<{ response?: string; usage?: AiUsage }>(ai, model, {
      messages,
      ...generationInputs(options),
    });
    return { text: stripThinking(result.response ?? ""), usage: usageOf(result.usage) };
  },
  // streams arrive as SSE: data: {"response":"…"} … data: [DONE]
  async *stream(messages, options = {}) {
    const body = await call<ReadableStream<Uint8Array>>(ai, model, {
      messages,
      stream: true,
      ...generationInputs(options),
    });
    for await (const line of readLines(body)) {
      if (options.signal?.aborted) return;
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") break;
      const event = JSON.parse(data) as { response?: string; usage?: AiUsage };
      if (event.response) yield { delta: event.response };
      if (event.usage) yield { usage: usageOf(event.usage) };
    }
  },
});

export const workersAiEmbedding = (id: string, model: string, ai: AiRunner | null): EmbeddingModel => ({
  id,
  dims: 0,
  similarityFloor: 0.3,
  async embed(texts) {
    const result = await call<{ data?: number[][] }>(ai, model, { text: texts });
    return (result.data ?? []).map(normalize);
  },
});

export const workersAiRerank = (id: string, model: string, ai: AiRunner | null): RerankModel => ({
  id,
  async score(query, texts) {
    if (texts.length === 0) return [];
    const result = await call<{ response?: { id: number; score: number }[] }>(ai, model, {
      query,
      contexts: texts.map((text) => ({ text })),
      top_k: texts.length,
    });
    const scores = texts.map(() => 0);
    for (const row of result.response ?? []) scores[row.id] = row.score;
    return scores;
  },
});

export const workersAiImageToText = (id: string, model: string, ai: AiRunner | null): ImageToTextModel => ({
  id,
  async describe(image, _mimeType, prompt) {
    const result = await call<{ description?: string }>(ai, model, { image: [...image], prompt, max_tokens: 512 });
    return { text: result.description ?? "", usage: { promptTokens: 0, completionTokens: 0 } };
  },
});

export const workersAiSpeechToText = (id: string, model: string, ai: AiRunner | null): SpeechToTextModel => ({
  id,
  async transcribe(audio) {
    const result = await call<{ text?: string }>(ai, model, { audio: [...audio] });
    return result.text ?? "";
  },
  // segments where the model answers them, else the text only
  async transcript(audio) {
    const result = await call<{ text?: string; transcription_info?: unknown; segments?: Partial<TranscriptSegment>[] }>(
      ai,
      model,
      { audio: [...audio] },
    );
    return { text: result.text ?? "", segments: segmentsOf(result.segments) };
  },
});

export const workersAiTextToSpeech = (id: string, model: string, ai: AiRunner | null): TextToSpeechModel => ({
  id,
  async speak(text) {
    const result = await call<{ audio?: string }>(ai, model, { prompt: text, lang: "en" });
    if (!result.audio) throw new ProviderError(0, "Workers AI returned no audio.");
    return { audio: base64ToBytes(result.audio), mimeType: "audio/mpeg" };
  },
});
