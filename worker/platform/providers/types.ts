// One interface per model type; each provider file implements the ones it offers.
export type EmbeddingModel = {
  id: string;
  dims: number;
  // cosine that unrelated texts typically reach with this model; retrieval rescales from here to 1, so a
  // similarity threshold means the same for every model
  similarityFloor: number;
  embed(texts: string[]): Promise<Float32Array[]>;
};

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type ChatOptions = {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  signal?: AbortSignal;
};

export type TokenUsage = { promptTokens: number; completionTokens: number };

// Function calling (OpenAI's tools format): what a model may call, the calls it asks for, and the conversation
// that carries them back and forth.
export type ToolSpec = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
};
// arguments: a JSON text, as OpenAI sends them; signature: what the provider needs back with the call (Gemini's
// thoughtSignature)
export type ToolCall = { id: string; name: string; arguments: string; signature?: string };
export type ToolChatMessage =
  | ChatMessage
  | { role: "assistant"; content: string; tool_calls: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
// one piece of a streamed round of function calling: answer text, a whole tool call, or the usage at the end
export type ToolRoundPart = { delta: string } | { call: ToolCall } | { usage: TokenUsage };

export type ChatModel = {
  id: string;
  // only the adapters whose wire format has function calling offer it
  completeWithTools?(
    messages: ToolChatMessage[],
    tools: ToolSpec[],
    options?: ChatOptions,
  ): Promise<{ text: string; calls: ToolCall[]; usage: TokenUsage }>;
  streamWithTools?(
    messages: ToolChatMessage[],
    tools: ToolSpec[],
    options?: ChatOptions,
  ): AsyncGenerator<ToolRoundPart>;
  complete(messages: ChatMessage[], options?: ChatOptions): Promise<{ text: string; usage: TokenUsage }>;
  // yields text deltas; the usage of the whole answer is reported once at the end
  stream(messages: ChatMessage[], options?: ChatOptions): AsyncGenerator<{ delta: string } | { usage: TokenUsage }>;
};

export type RerankModel = { id: string; score(query: string, texts: string[]): Promise<number[]> };

export type ImageToTextModel = {
  id: string;
  describe(image: Uint8Array, mimeType: string, prompt: string): Promise<{ text: string; usage: TokenUsage }>;
};

// a stretch of a transcript, in seconds from the start
export type TranscriptSegment = { start: number; end: number; text: string };

export type SpeechToTextModel = {
  id: string;
  transcribe(audio: Uint8Array, fileName: string): Promise<string>;
  // the transcript with its segments where the model gives them (none: the text only)
  transcript(audio: Uint8Array, fileName: string): Promise<{ text: string; segments: TranscriptSegment[] }>;
};

export type TextToSpeechModel = { id: string; speak(text: string): Promise<{ audio: Uint8Array; mimeType: string }> };

// A provider said no: `status` is the HTTP status (0 = no answer), `message` is meant for people.
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type OutgoingRequest = { method: string; url: string; headers: Record<string, string>; body: string | FormData };

export type Endpoint = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  // query parameters every call carries (Azure's api-version)
  query?: Record<string, string>;
  // headers worked out per request once URL and body are known: signatures, access tokens, keys in other headers
  requestHeaders?: (request: OutgoingRequest) => Promise<Record<string, string>>;
  // a server in a private network: its errors say only the HTTP status, never what it answered
  hideReplies?: boolean;
};
