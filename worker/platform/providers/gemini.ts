import { postJson, readLines } from "./http";
import { bytesToBase64 } from "../../lib/bytes";
import { normalize, stripThinking } from "./openai-compatible";
import type { ChatMessage, ChatModel, ChatOptions, EmbeddingModel, Endpoint, ImageToTextModel } from "./types";

type Candidate = { content?: { parts?: { text?: string }[] } };
type GeminiAnswer = {
  candidates?: Candidate[];
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number };
};

// Gemini's generateContent: "model" is the assistant role, the system prompt goes in systemInstruction,
// the key travels in the x-goog-api-key header.
const body = (messages: ChatMessage[], options: ChatOptions) => {
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
  return {
    contents: messages
      .filter((m) => m.role !== "system")
      .map((m) => ({ role: m.role === "assistant" ? "model" : "user", parts: [{ text: m.content }] })),
    ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
    generationConfig: { temperature: options.temperature, topP: options.top_p, maxOutputTokens: options.max_tokens },
  };
};

const path = (endpoint: Endpoint, verb: string, extra = "") =>
  `/v1beta/models/${encodeURIComponent(endpoint.model)}:${verb}${extra}`;

// the key goes in Google's header, not the URL: URLs end up in error messages and logs
const keyHeader = (endpoint: Endpoint) => ({ "x-goog-api-key": endpoint.apiKey ?? "" });

const textOf = (answer: GeminiAnswer) =>
  (answer.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? "").join("");
const usageOf = (answer: GeminiAnswer) => ({
  promptTokens: answer.usageMetadata?.promptTokenCount ?? 0,
  completionTokens: answer.usageMetadata?.candidatesTokenCount ?? 0,
});

export const geminiChat = (id: string, endpoint: Endpoint): ChatModel => ({
  id,
  async complete(messages, options = {}) {
    const response = await postJson(
      endpoint,
      path(endpoint, "generateContent"),
      body(messages, options),
      keyHeader(endpoint),
      options.signal,
    );
    const answer = (await response.json()) as GeminiAnswer;
    return { text: stripThinking(textOf(answer)), usage: usageOf(answer) };
  },
  async *stream(messages, options = {}) {
    const response = await postJson(
      endpoint,
      path(endpoint, "streamGenerateContent", "?alt=sse"),
      body(messages, options),
      keyHeader(endpoint),
      options.signal,
    );
    if (!response.body) return;
    let last: GeminiAnswer = {};
    for await (const line of readLines(response.body)) {
      if (!line.startsWith("data:")) continue;
      last = JSON.parse(line.slice(5)) as GeminiAnswer;
      const delta = textOf(last);
      if (delta) yield { delta };
    }
    yield { usage: usageOf(last) };
  },
});

export const geminiEmbedding = (id: string, endpoint: Endpoint): EmbeddingModel => ({
  id,
  dims: 0,
  similarityFloor: 0.3,
  async embed(texts) {
    const requests = texts.map((text) => ({ model: `models/${endpoint.model}`, content: { parts: [{ text }] } }));
    const response = await postJson(endpoint, path(endpoint, "batchEmbedContents"), { requests }, keyHeader(endpoint));
    const json = (await response.json()) as { embeddings?: { values: number[] }[] };
    return (json.embeddings ?? []).map(({ values }) => normalize(values));
  },
});

export const geminiImageToText = (id: string, endpoint: Endpoint): ImageToTextModel => ({
  id,
  async describe(image, mimeType, prompt) {
    const contents = [
      { role: "user", parts: [{ inline_data: { mime_type: mimeType, data: bytesToBase64(image) } }, { text: prompt }] },
    ];
    const response = await postJson(endpoint, path(endpoint, "generateContent"), { contents }, keyHeader(endpoint));
    const answer = (await response.json()) as GeminiAnswer;
    return { text: stripThinking(textOf(answer)), usage: usageOf(answer) };
  },
});
