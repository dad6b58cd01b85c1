import { postJson, readLines } from "./http";
import { stripThinking } from "./openai-compatible";
import { bytesToBase64 } from "../../lib/bytes";
import type { ChatMessage, ChatModel, ChatOptions, Endpoint, ImageToTextModel } from "./types";

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
    for await (const line of readLines(response.body)) {
      if (!line.startsWith("data:")) continue;
      const event = JSON.parse(line.slice(5)) as {
        type: string;
        delta?: { text?: string };
        message?: { usage?: Usage };
        usage?: Usage;
      };
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
