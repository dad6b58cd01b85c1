import { postJson, readLines } from "./http";
import { bytesToBase64 } from "../../lib/bytes";
import { normalize, stripThinking } from "./openai-compatible";
import { argumentsObject, argumentsText, callNames, withoutToolTurns } from "./tool-wire";
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

type Part = {
  text?: string;
  thought?: boolean;
  functionCall?: { id?: string; name?: string; args?: unknown };
  thoughtSignature?: string;
};
type Candidate = { content?: { parts?: Part[] } };
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

type Content = { role: "user" | "model"; parts: Record<string, unknown>[] };

// The shared conversation as Gemini contents: calls are functionCall parts of the model (with the thought
// signature it gave them), results functionResponse parts of the next user turn, answered by function name.
const toolContents = (messages: ToolChatMessage[]) => {
  const names = callNames(messages);
  const contents: Content[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    if (message.role === "tool") {
      const part = {
        functionResponse: {
          name: names.get(message.tool_call_id) ?? "",
          response: { content: message.content },
        },
      };
      const last = contents.at(-1);
      if (last?.role === "user" && last.parts.every((p) => "functionResponse" in p)) last.parts.push(part);
      else contents.push({ role: "user", parts: [part] });
    } else if ("tool_calls" in message) {
      contents.push({
        role: "model",
        parts: [
          ...(message.content ? [{ text: message.content }] : []),
          ...message.tool_calls.map((call) => ({
            functionCall: { name: call.name, args: argumentsObject(call) },
            ...(call.signature ? { thoughtSignature: call.signature } : {}),
          })),
        ],
      });
    } else contents.push({ role: message.role === "assistant" ? "model" : "user", parts: [{ text: message.content }] });
  }
  return contents;
};

// Without tools (an Agent's last answer after max_rounds) the turns go as text, as for Anthropic.
const toolBody = (messages: ToolChatMessage[], tools: ToolSpec[], options: ChatOptions) => {
  if (tools.length === 0) return body(withoutToolTurns(messages), options);
  const system = messages.filter((m): m is ChatMessage => m.role === "system");
  return {
    ...body(system, options),
    contents: toolContents(messages),
    tools: [
      {
        functionDeclarations: tools.map(({ function: fn }) => ({
          name: fn.name,
          description: fn.description,
          parameters: fn.parameters,
        })),
      },
    ],
  };
};

// Gemini has no call ids everywhere: a call without one is numbered within the answer.
const callsOf = (answer: GeminiAnswer, offset = 0): ToolCall[] =>
  (answer.candidates?.[0]?.content?.parts ?? [])
    .filter((part) => part.functionCall)
    .map((part, i) => ({
      id: part.functionCall?.id || `call_${offset + i}`,
      name: part.functionCall?.name ?? "",
      arguments: argumentsText(part.functionCall?.args),
      ...(part.thoughtSignature ? { signature: part.thoughtSignature } : {}),
    }));

const path = (endpoint: Endpoint, verb: string, extra = "") =>
  `/v1beta/models/${encodeURIComponent(endpoint.model)}:${verb}${extra}`;

// the key goes in Google's header, not the URL: URLs end up in error messages and logs
const keyHeader = (endpoint: Endpoint) => ({ "x-goog-api-key": endpoint.apiKey ?? "" });

// thought summaries (thought: true) are no part of the answer
const textOf = (answer: GeminiAnswer) =>
  (answer.candidates?.[0]?.content?.parts ?? [])
    .filter((part) => !part.thought)
    .map((part) => part.text ?? "")
    .join("");
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
  async completeWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      path(endpoint, "generateContent"),
      toolBody(messages, tools, options),
      keyHeader(endpoint),
      options.signal,
    );
    const answer = (await response.json()) as GeminiAnswer;
    return { text: stripThinking(textOf(answer)), calls: callsOf(answer), usage: usageOf(answer) };
  },
  // each streamed chunk carries whole functionCall parts
  async *streamWithTools(messages, tools, options = {}) {
    const response = await postJson(
      endpoint,
      path(endpoint, "streamGenerateContent", "?alt=sse"),
      toolBody(messages, tools, options),
      keyHeader(endpoint),
      options.signal,
    );
    if (!response.body) return;
    let last: GeminiAnswer = {};
    let calls = 0;
    for await (const line of readLines(response.body)) {
      if (!line.startsWith("data:")) continue;
      last = JSON.parse(line.slice(5)) as GeminiAnswer;
      const delta = textOf(last);
      if (delta) yield { delta };
      for (const call of callsOf(last, calls)) {
        calls++;
        yield { call };
      }
    }
    yield { usage: usageOf(last) };
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
