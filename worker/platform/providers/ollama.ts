import { postJson, readLines } from "./http";
import { normalize, stripThinking } from "./openai-compatible";
import { bytesToBase64 } from "../../lib/bytes";
import { argumentsObject, argumentsText, callNames } from "./tool-wire";
import type {
  ChatMessage,
  ChatModel,
  ChatOptions,
  EmbeddingModel,
  Endpoint,
  ImageToTextModel,
  ToolCall,
  ToolChatMessage,
  ToolSpec,
} from "./types";

const ollamaOptions = (options: ChatOptions) => ({
  temperature: options.temperature,
  top_p: options.top_p,
  num_predict: options.max_tokens,
  presence_penalty: options.presence_penalty,
  frequency_penalty: options.frequency_penalty,
});

type OllamaCall = { id?: string; function?: { name?: string; arguments?: unknown } };
type OllamaChunk = {
  message?: { content?: string; tool_calls?: OllamaCall[] };
  done?: boolean;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
};

const body = (endpoint: Endpoint, messages: ChatMessage[], options: ChatOptions, stream: boolean) => ({
  model: endpoint.model,
  messages,
  stream,
  options: ollamaOptions(options),
});

// The shared conversation in Ollama's shape: calls with their arguments as objects, results as role "tool"
// naming the function (tool_name) they answer.
const toolBody = (
  endpoint: Endpoint,
  messages: ToolChatMessage[],
  tools: ToolSpec[],
  options: ChatOptions,
  stream: boolean,
) => {
  const names = callNames(messages);
  return {
    ...body(endpoint, [], options, stream),
    messages: messages.map((message) =>
      message.role === "tool"
        ? { role: "tool", content: message.content, tool_name: names.get(message.tool_call_id) ?? "" }
        : "tool_calls" in message
          ? {
              role: "assistant",
              content: message.content,
              tool_calls: message.tool_calls.map((call) => ({
                function: { name: call.name, arguments: argumentsObject(call) },
              })),
            }
          : message,
    ),
    ...(tools.length ? { tools } : {}),
  };
};

const callsOf = (chunk: OllamaChunk, offset = 0): ToolCall[] =>
  (chunk.message?.tool_calls ?? []).map((call, i) => ({
    id: call.id || `call_${offset + i}`,
    name: call.function?.name ?? "",
    arguments: argumentsText(call.function?.arguments),
  }));

const usageOf = (chunk: OllamaChunk) => ({
  promptTokens: chunk.prompt_eval_count ?? 0,
  completionTokens: chunk.eval_count ?? 0,
});

// Ollama's own API: /api/chat streams NDJSON (one JSON object per line), /api/embed batches embeddings.
export const ollamaChat = (id: string, endpoint: Endpoint): ChatModel => ({
  id,
  async complete(messages, options = {}) {
    const response = await postJson(
      endpoint,
      "/api/chat",
      body(endpoint, messages, options, false),
      {},
      options.signal,
    );
    const json = (await response.json()) as OllamaChunk;
    return {
      text: stripThinking(json.message?.content ?? ""),
      usage: { promptTokens: json.prompt_eval_count ?? 0, completionTokens: json.eval_count ?? 0 },
    };
  },
  async completeWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      "/api/chat",
      toolBody(endpoint, messages, tools, options, false),
      {},
      options.signal,
    );
    const json = (await response.json()) as OllamaChunk;
    return { text: stripThinking(json.message?.content ?? ""), calls: callsOf(json), usage: usageOf(json) };
  },
  // a call arrives whole in one line of the NDJSON stream
  async *streamWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      "/api/chat",
      toolBody(endpoint, messages, tools, options, true),
      {},
      options.signal,
    );
    if (!response.body) return;
    let calls = 0;
    for await (const line of readLines(response.body)) {
      if (!line.trim()) continue;
      const chunk = JSON.parse(line) as OllamaChunk;
      if (chunk.error) throw new Error(chunk.error);
      if (chunk.message?.content) yield { delta: chunk.message.content };
      for (const call of callsOf(chunk, calls)) {
        calls++;
        yield { call };
      }
      if (chunk.done) yield { usage: usageOf(chunk) };
    }
  },
  async *stream(messages, options = {}) {
    const response = await postJson(endpoint, "/api/chat", body(endpoint, messages, options, true), {}, options.signal);
    if (!response.body) return;
    for await (const line of readLines(response.body)) {
      if (!line.trim()) continue;
      const chunk = JSON.parse(line) as OllamaChunk;
      if (chunk.error) throw new Error(chunk.error);
      if (chunk.message?.content) yield { delta: chunk.message.content };
      if (chunk.done)
        yield { usage: { promptTokens: chunk.prompt_eval_count ?? 0, completionTokens: chunk.eval_count ?? 0 } };
    }
  },
});

export const ollamaEmbedding = (id: string, endpoint: Endpoint): EmbeddingModel => ({
  id,
  dims: 0,
  similarityFloor: 0.2,
  async embed(texts) {
    const response = await postJson(endpoint, "/api/embed", { model: endpoint.model, input: texts });
    const json = (await response.json()) as { embeddings?: number[][] };
    return (json.embeddings ?? []).map(normalize);
  },
});

export const ollamaImageToText = (id: string, endpoint: Endpoint): ImageToTextModel => ({
  id,
  async describe(image, _mimeType, prompt) {
    const messages = [{ role: "user", content: prompt, images: [bytesToBase64(image)] }];
    const response = await postJson(endpoint, "/api/chat", { model: endpoint.model, messages, stream: false });
    const json = (await response.json()) as OllamaChunk;
    return {
      text: stripThinking(json.message?.content ?? ""),
      usage: { promptTokens: json.prompt_eval_count ?? 0, completionTokens: json.eval_count ?? 0 },
    };
  },
});
