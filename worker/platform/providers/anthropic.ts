import { postJson, readLines } from "./http";
import { stripThinking } from "./openai-compatible";
import { bytesToBase64 } from "../../lib/bytes";
import { argumentsObject, argumentsText, withoutToolTurns } from "./tool-wire";
import type {
  ChatMessage,
  ChatModel,
  ChatOptions,
  Endpoint,
  ImageToTextModel,
  ToolCall,
  ToolChatMessage,
  ToolSpec,
} from "./types";

const API_VERSION = "2023-06-01";

// Anthropic's Messages API: the system prompt is a separate field and max_tokens is required.
const body = (endpoint: Endpoint, messages: ChatMessage[], options: ChatOptions, stream: boolean) => ({
  model: endpoint.model,
  max_tokens: options.max_tokens ?? 1024,
  system:
    messages
      .filter((m) => m.role === "system")
      .map((m) => m.content)
      .join("\n") || undefined,
  messages: messages.filter((m) => m.role !== "system"),
  temperature: options.temperature,
  top_p: options.top_p,
  stream,
});

type Block = { type: string; text?: string; id?: string; name?: string; input?: unknown };
type Turn = { role: "user" | "assistant"; content: string | Record<string, unknown>[] };

// The shared conversation as Messages API turns: calls are tool_use blocks of the assistant, results tool_result
// blocks of the next user turn (the results of one round share that turn).
const toolTurns = (messages: ToolChatMessage[]) => {
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    if (message.role === "tool") {
      const block = { type: "tool_result", tool_use_id: message.tool_call_id, content: message.content };
      const last = turns.at(-1);
      if (last?.role === "user" && Array.isArray(last.content)) last.content.push(block);
      else turns.push({ role: "user", content: [block] });
    } else if ("tool_calls" in message) {
      turns.push({
        role: "assistant",
        content: [
          ...(message.content ? [{ type: "text", text: message.content }] : []),
          ...message.tool_calls.map((call) => ({
            type: "tool_use",
            id: call.id,
            name: call.name,
            input: argumentsObject(call),
          })),
        ],
      });
    } else turns.push({ role: message.role, content: message.content });
  }
  return turns;
};

// Without tools (an Agent's last answer after max_rounds) tool blocks are refused, so the turns go as text.
const toolBody = (
  endpoint: Endpoint,
  messages: ToolChatMessage[],
  tools: ToolSpec[],
  options: ChatOptions,
  stream: boolean,
) => {
  if (tools.length === 0) return body(endpoint, withoutToolTurns(messages), options, stream);
  const system = messages.filter((m): m is ChatMessage => m.role === "system");
  return {
    ...body(endpoint, system, options, stream),
    messages: toolTurns(messages),
    tools: tools.map(({ function: fn }) => ({
      name: fn.name,
      description: fn.description,
      input_schema: fn.parameters,
    })),
  };
};

const callsOf = (blocks: Block[]): ToolCall[] =>
  blocks
    .filter((block) => block.type === "tool_use")
    .map((block, i) => ({
      id: block.id || `toolu_${i}`,
      name: block.name ?? "",
      arguments: argumentsText(block.input),
    }));

const headers = (endpoint: Endpoint) => ({ "x-api-key": endpoint.apiKey ?? "", "anthropic-version": API_VERSION });

type Usage = { input_tokens?: number; output_tokens?: number };

const textOf = (json: { content?: { type: string; text?: string }[] }) =>
  (json.content ?? [])
    .filter((part) => part.type === "text")
    .map((part) => part.text ?? "")
    .join("");
const usageOf = (usage: Usage | undefined) => ({
  promptTokens: usage?.input_tokens ?? 0,
  completionTokens: usage?.output_tokens ?? 0,
});

type StreamEvent = {
  type: string;
  index?: number;
  content_block?: Block;
  delta?: { text?: string; partial_json?: string };
  message?: { usage?: Usage };
  usage?: Usage;
};

async function* messageEvents(stream: ReadableStream<Uint8Array>) {
  for await (const line of readLines(stream)) {
    if (line.startsWith("data:")) yield JSON.parse(line.slice(5)) as StreamEvent;
  }
}

export const anthropicChat = (id: string, endpoint: Endpoint): ChatModel => ({
  id,
  async complete(messages, options = {}) {
    const response = await postJson(
      endpoint,
      "/v1/messages",
      body(endpoint, messages, options, false),
      headers(endpoint),
      options.signal,
    );
    const json = (await response.json()) as { content?: { type: string; text?: string }[]; usage?: Usage };
    return { text: stripThinking(textOf(json)), usage: usageOf(json.usage) };
  },
  async completeWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      "/v1/messages",
      toolBody(endpoint, messages, tools, options, false),
      headers(endpoint),
      options.signal,
    );
    const json = (await response.json()) as { content?: Block[]; usage?: Usage };
    return { text: stripThinking(textOf(json)), calls: callsOf(json.content ?? []), usage: usageOf(json.usage) };
  },
  // a tool_use block starts with its id and name; its input streams as pieces of JSON text (input_json_delta)
  async *streamWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      "/v1/messages",
      toolBody(endpoint, messages, tools, options, true),
      headers(endpoint),
      options.signal,
    );
    if (!response.body) return;
    let promptTokens = 0;
    const calls = new Map<number, ToolCall>();
    for await (const event of messageEvents(response.body)) {
      if (event.type === "message_start") promptTokens = event.message?.usage?.input_tokens ?? 0;
      if (event.type === "content_block_start" && event.content_block?.type === "tool_use")
        calls.set(event.index ?? calls.size, {
          id: event.content_block.id ?? `toolu_${calls.size}`,
          name: event.content_block.name ?? "",
          arguments: "",
        });
      if (event.type === "content_block_delta" && event.delta?.text) yield { delta: event.delta.text };
      if (event.type === "content_block_delta" && event.delta?.partial_json) {
        const call = calls.get(event.index ?? -1);
        if (call) call.arguments += event.delta.partial_json;
      }
      if (event.type === "message_delta")
        yield { usage: { promptTokens, completionTokens: event.usage?.output_tokens ?? 0 } };
    }
    for (const call of calls.values()) yield { call: { ...call, arguments: call.arguments || "{}" } };
  },
  async *stream(messages, options = {}) {
    const response = await postJson(
      endpoint,
      "/v1/messages",
      body(endpoint, messages, options, true),
      headers(endpoint),
      options.signal,
    );
    if (!response.body) return;
    let promptTokens = 0;
    for await (const event of messageEvents(response.body)) {
      if (event.type === "message_start") promptTokens = event.message?.usage?.input_tokens ?? 0;
      if (event.type === "content_block_delta" && event.delta?.text) yield { delta: event.delta.text };
      if (event.type === "message_delta")
        yield { usage: { promptTokens, completionTokens: event.usage?.output_tokens ?? 0 } };
    }
  },
});

export const anthropicImageToText = (id: string, endpoint: Endpoint): ImageToTextModel => ({
  id,
  async describe(image, mimeType, prompt) {
    const content = [
      { type: "image", source: { type: "base64", media_type: mimeType, data: bytesToBase64(image) } },
      { type: "text", text: prompt },
    ];
    const response = await postJson(
      endpoint,
      "/v1/messages",
      { model: endpoint.model, max_tokens: 1024, messages: [{ role: "user", content }] },
      headers(endpoint),
    );
    const json = (await response.json()) as { content?: { type: string; text?: string }[]; usage?: Usage };
    return { text: stripThinking(textOf(json)), usage: usageOf(json.usage) };
  },
});
