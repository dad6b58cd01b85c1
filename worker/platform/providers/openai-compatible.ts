import { postJson, readLines } from "./http";
import type {
  ChatMessage,
  ChatModel,
  ChatOptions,
  EmbeddingModel,
  Endpoint,
  TokenUsage,
  ToolCall,
  ToolChatMessage,
  ToolSpec,
} from "./types";

export const authHeaders = (endpoint: Endpoint): Record<string, string> =>
  endpoint.apiKey ? { Authorization: `Bearer ${endpoint.apiKey}` } : {};

export type Usage = { prompt_tokens?: number; completion_tokens?: number };
export const usageOf = (usage: Usage | undefined): TokenUsage => ({
  promptTokens: usage?.prompt_tokens ?? 0,
  completionTokens: usage?.completion_tokens ?? 0,
});

// Reasoning models wrap their thinking in <think>…</think>; answers leave it out.
export const stripThinking = (text: string) => text.replace(/<think>[\s\S]*?<\/think>\s*/g, "");

const THINK_OPEN = "<think>";

// The answer part of a streamed text so far: thinking left out, also while its closing tag has not come, and an
// opening tag cut in half held back. It only grows as the stream goes on, so it can be shown piece by piece.
export const visibleAnswer = (streamed: string, finished = false) => {
  let text = stripThinking(streamed);
  const open = text.indexOf(THINK_OPEN);
  if (open >= 0) text = text.slice(0, open);
  if (finished) return text;
  for (let length = Math.min(THINK_OPEN.length - 1, text.length); length > 0; length--) {
    if (THINK_OPEN.startsWith(text.slice(-length))) return text.slice(0, -length);
  }
  return text;
};

const chatBody = (
  endpoint: Endpoint,
  messages: ChatMessage[] | ToolChatMessage[],
  options: ChatOptions,
  stream: boolean,
) => {
  const { signal: _signal, ...params } = options;
  return {
    model: endpoint.model,
    messages,
    stream,
    ...(stream ? { stream_options: { include_usage: true } } : {}),
    ...params,
  };
};

type WireToolCall = { index?: number; id?: string; function?: { name?: string; arguments?: string } };
type StreamChunk = { choices?: { delta?: { content?: string; tool_calls?: WireToolCall[] } }[]; usage?: Usage };

// The events of an OpenAI-style SSE stream up to [DONE]; keep-alives and malformed events are skipped.
async function* sseChunks(body: ReadableStream<Uint8Array>) {
  for await (const line of readLines(body)) {
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") return;
    try {
      yield JSON.parse(data) as StreamChunk;
    } catch {
      // nothing to show
    }
  }
}

// The shared conversation in OpenAI's shape: an assistant's calls as tool_calls, results as role "tool".
const toolBody = (
  endpoint: Endpoint,
  messages: ToolChatMessage[],
  tools: ToolSpec[],
  options: ChatOptions,
  stream: boolean,
) => ({
  ...chatBody(endpoint, [], options, stream),
  messages: messages.map((message) =>
    "tool_calls" in message
      ? {
          role: "assistant",
          content: message.content || null,
          tool_calls: message.tool_calls.map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.arguments },
          })),
        }
      : message,
  ),
  ...(tools.length ? { tools, tool_choice: "auto" } : {}),
});

// The OpenAI wire format, which most providers speak: /chat/completions (SSE when streaming), /embeddings.
export const openAiChat = (id: string, endpoint: Endpoint): ChatModel => ({
  id,
  async complete(messages, options = {}) {
    const response = await postJson(
      endpoint,
      "/chat/completions",
      chatBody(endpoint, messages, options, false),
      authHeaders(endpoint),
      options.signal,
    );
    const json = (await response.json()) as { choices?: { message?: { content?: string } }[]; usage?: Usage };
    return { text: stripThinking(json.choices?.[0]?.message?.content ?? ""), usage: usageOf(json.usage) };
  },
  async completeWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      "/chat/completions",
      toolBody(endpoint, messages, tools, options, false),
      authHeaders(endpoint),
      options.signal,
    );
    const json = (await response.json()) as {
      choices?: { message?: { content?: string | null; tool_calls?: WireToolCall[] } }[];
      usage?: Usage;
    };
    const message = json.choices?.[0]?.message;
    const calls = (message?.tool_calls ?? []).map((call, i) => ({
      id: call.id || `call_${i}`,
      name: call.function?.name ?? "",
      arguments: call.function?.arguments || "{}",
    }));
    return { text: stripThinking(message?.content ?? ""), calls, usage: usageOf(json.usage) };
  },
  // tool calls stream in pieces keyed by index: the id and name first, the arguments' text in parts
  async *streamWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      "/chat/completions",
      toolBody(endpoint, messages, tools, options, true),
      authHeaders(endpoint),
      options.signal,
    );
    if (!response.body) return;
    const calls: ToolCall[] = [];
    for await (const chunk of sseChunks(response.body)) {
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) yield { delta: delta.content };
      for (const piece of delta?.tool_calls ?? []) {
        const index = piece.index ?? calls.length;
        const call = (calls[index] ??= { id: `call_${index}`, name: "", arguments: "" });
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
      }
      if (chunk.usage) yield { usage: usageOf(chunk.usage) };
    }
    for (const call of calls) if (call) yield { call: { ...call, arguments: call.arguments || "{}" } };
  },
  async *stream(messages, options = {}) {
    const response = await postJson(
      endpoint,
      "/chat/completions",
      chatBody(endpoint, messages, options, true),
      authHeaders(endpoint),
      options.signal,
    );
    if (!response.body) return;
    for await (const chunk of sseChunks(response.body)) {
      const delta = chunk.choices?.[0]?.delta?.content;
      if (delta) yield { delta };
      if (chunk.usage) yield { usage: usageOf(chunk.usage) };
    }
  },
});

export const normalize = (values: number[]) => {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  return vector.map((value) => value / norm);
};

export const openAiEmbedding = (
  id: string,
  endpoint: Endpoint,
  similarityFloor = 0.2,
): EmbeddingModel & { probe(): Promise<number> } => {
  const embed = async (texts: string[]) => {
    const response = await postJson(
      endpoint,
      "/embeddings",
      { model: endpoint.model, input: texts },
      authHeaders(endpoint),
    );
    const json = (await response.json()) as { data?: { index?: number; embedding: number[] }[] };
    const rows = (json.data ?? []).toSorted((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return rows.map((row) => normalize(row.embedding));
  };
  return { id, dims: 0, similarityFloor, embed, probe: async () => (await embed(["probe"]))[0]?.length ?? 0 };
};
