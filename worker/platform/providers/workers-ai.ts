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
import { WORKERS_AI_TOOL_MODELS } from "../../contract/tool-calling";
import { argumentsText, callNames, withoutToolTurns } from "./tool-wire";
import type { ToolCall, ToolChatMessage, ToolRoundPart, ToolSpec } from "./types";

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

// Older models answer calls as {name, arguments: object}, newer ones in OpenAI's {id, function: {name, arguments}}.
type AiToolCall = {
  id?: string;
  name?: string;
  arguments?: unknown;
  function?: { name?: string; arguments?: unknown };
};
const callsOf = (calls: AiToolCall[] | undefined, offset = 0): ToolCall[] =>
  (calls ?? []).map((asked, i) => ({
    id: asked.id || `call_${offset + i}`,
    name: asked.function?.name ?? asked.name ?? "",
    arguments: argumentsText(asked.function?.arguments ?? asked.arguments),
  }));

// The shared conversation for the binding: calls in OpenAI's shape, results as role "tool" with the call's id
// and name; tools as {name, description, parameters}. Without tools the turns go as text: not every model takes
// tool turns then.
const toolInputs = (messages: ToolChatMessage[], tools: ToolSpec[], options: ChatOptions) => {
  if (tools.length === 0) return { messages: withoutToolTurns(messages), ...generationInputs(options) };
  const names = callNames(messages);
  return {
    messages: messages.map((message) =>
      message.role === "tool"
        ? { ...message, name: names.get(message.tool_call_id) ?? "" }
        : "tool_calls" in message
          ? {
              role: "assistant",
              content: message.content,
              tool_calls: message.tool_calls.map((asked) => ({
                id: asked.id,
                type: "function",
                function: { name: asked.name, arguments: asked.arguments },
              })),
            }
          : message,
    ),
    tools: tools.map(({ function: fn }) => fn),
    ...generationInputs(options),
  };
};

// Most models answer {response, tool_calls}; newer ones (gpt-oss) OpenAI's Chat Completions shape, `choices`.
type AiAnswer = {
  response?: unknown;
  tool_calls?: AiToolCall[];
  usage?: AiUsage;
  choices?: { message?: { content?: string | null; tool_calls?: AiToolCall[] } }[];
};
type AiStreamEvent = {
  response?: string;
  tool_calls?: AiToolCall[];
  usage?: AiUsage;
  choices?: { delta?: { content?: string | null; tool_calls?: (AiToolCall & { index?: number })[] } }[];
};
const answerOf = (result: AiAnswer) => {
  const message = result.choices?.[0]?.message;
  const answer = message ? message.content : result.response;
  // with tools some models answer a JSON value instead of a text
  const text = typeof answer === "string" ? answer : answer ? JSON.stringify(answer) : "";
  return { text: stripThinking(text), calls: callsOf(message?.tool_calls ?? result.tool_calls) };
};

// A streamed answer's text and calls in either shape; Chat Completions calls come in pieces keyed by index.
async function* streamedParts(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<ToolRoundPart> {
  let calls = 0;
  const pieces: ToolCall[] = [];
  for await (const line of readLines(body)) {
    if (signal?.aborted) return;
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") break;
    const event = JSON.parse(data) as AiStreamEvent;
    const delta = event.choices?.[0]?.delta;
    const text = delta ? delta.content : event.response;
    if (text) yield { delta: text };
    for (const found of callsOf(event.tool_calls, calls)) {
      calls++;
      yield { call: found };
    }
    for (const piece of delta?.tool_calls ?? []) {
      const index = piece.index ?? pieces.length;
      const asked = (pieces[index] ??= { id: `call_${index}`, name: "", arguments: "" });
      if (piece.id) asked.id = piece.id;
      if (piece.function?.name) asked.name += piece.function.name;
      const args = piece.function?.arguments;
      if (args !== undefined) asked.arguments += typeof args === "string" ? args : JSON.stringify(args);
    }
    if (event.usage) yield { usage: usageOf(event.usage) };
  }
  for (const asked of pieces) if (asked) yield { call: { ...asked, arguments: asked.arguments || "{}" } };
}

const toolMethods = (model: string, ai: AiRunner | null): Pick<ChatModel, "completeWithTools" | "streamWithTools"> => ({
  async completeWithTools(messages, tools, options = {}) {
    const result = await call<AiAnswer>(ai, model, toolInputs(messages, tools, options));
    return { ...answerOf(result), usage: usageOf(result.usage) };
  },
  async *streamWithTools(messages, tools, options = {}): AsyncGenerator<ToolRoundPart> {
    const body = await call<ReadableStream<Uint8Array>>(ai, model, {
      ...toolInputs(messages, tools, options),
      stream: true,
    });
    yield* streamedParts(body, options.signal);
  },
});

export const workersAiChat = (id: string, model: string, ai: AiRunner | null): ChatModel => ({
  id,
  ...(WORKERS_AI_TOOL_MODELS.has(model) ? toolMethods(model, ai) : {}),
  async complete(messages, options = {}) {
    const result = await call<AiAnswer>(ai, model, { messages, ...generationInputs(options) });
    return { text: answerOf(result).text, usage: usageOf(result.usage) };
  },
  // streams arrive as SSE: data: {"response":"…"} (or Chat Completions deltas) … data: [DONE]
  async *stream(messages, options = {}) {
    const body = await call<ReadableStream<Uint8Array>>(ai, model, {
      messages,
      stream: true,
      ...generationInputs(options),
    });
    for await (const part of streamedParts(body, options.signal)) if (!("call" in part)) yield part;
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
