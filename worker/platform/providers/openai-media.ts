import { bytesToBase64 } from "../../lib/bytes";
import { post, postJson } from "./http";
import { authHeaders, stripThinking, type Usage, usageOf } from "./openai-compatible";
import type {
  Endpoint,
  ImageToTextModel,
  RerankModel,
  SpeechToTextModel,
  TextToSpeechModel,
  TranscriptSegment,
} from "./types";

type RerankResult = { index: number; relevance_score?: number; score?: number };

// The /rerank shape Jina, Cohere, Voyage, SiliconFlow, Xinference, vLLM and LocalAI share
// (Voyage answers under `data`, the others under `results`).
export const openAiRerank = (id: string, endpoint: Endpoint): RerankModel => ({
  id,
  async score(query, texts) {
    if (texts.length === 0) return [];
    const response = await postJson(
      endpoint,
      "/rerank",
      { model: endpoint.model, query, documents: texts, top_n: texts.length },
      authHeaders(endpoint),
    );
    const json = (await response.json()) as { results?: RerankResult[]; data?: RerankResult[] };
    const scores = texts.map(() => 0);
    for (const row of json.results ?? json.data ?? []) scores[row.index] = row.relevance_score ?? row.score ?? 0;
    return scores;
  },
});

// Vision through /chat/completions with an inline data URL, as OpenAI, ZHIPU, OpenRouter and vLLM accept.
export const openAiImageToText = (id: string, endpoint: Endpoint): ImageToTextModel => ({
  id,
  async describe(image, mimeType, prompt) {
    const content = [
      { type: "text", text: prompt },
      { type: "image_url", image_url: { url: `data:${mimeType};base64,${bytesToBase64(image)}` } },
    ];
    const response = await postJson(
      endpoint,
      "/chat/completions",
      { model: endpoint.model, messages: [{ role: "user", content }] },
      authHeaders(endpoint),
    );
    const json = (await response.json()) as { choices?: { message?: { content?: string } }[]; usage?: Usage };
    return { text: stripThinking(json.choices?.[0]?.message?.content ?? ""), usage: usageOf(json.usage) };
  },
});

export const openAiSpeechToText = (id: string, endpoint: Endpoint): SpeechToTextModel => ({
  id,
  async transcribe(audio, fileName) {
    const form = new FormData();
    form.set("model", endpoint.model);
    form.set("file", new Blob([audio]), fileName);
    const response = await post(endpoint, "/audio/transcriptions", form, authHeaders(endpoint));
    const json = (await response.json()) as { text?: string };
    return json.text ?? "";
  },
  // verbose_json gives Whisper's segments with their times (OpenAI, Groq, faster-whisper servers)
  async transcript(audio, fileName) {
    const form = new FormData();
    form.set("model", endpoint.model);
    form.set("file", new Blob([audio]), fileName);
    form.set("response_format", "verbose_json");
    form.append("timestamp_granularities[]", "segment");
    const response = await post(endpoint, "/audio/transcriptions", form, authHeaders(endpoint));
    const json = (await response.json()) as { text?: string; segments?: Partial<TranscriptSegment>[] };
    return { text: json.text ?? "", segments: segmentsOf(json.segments) };
  },
});

export const segmentsOf = (segments: Partial<TranscriptSegment>[] | undefined): TranscriptSegment[] =>
  (segments ?? []).flatMap((segment) =>
    typeof segment.start === "number" && typeof segment.text === "string" && segment.text.trim()
      ? [{ start: segment.start, end: segment.end ?? segment.start, text: segment.text.trim() }]
      : [],
  );

export const openAiTextToSpeech = (id: string, endpoint: Endpoint): TextToSpeechModel => ({
  id,
  async speak(text) {
    const response = await postJson(
      endpoint,
      "/audio/speech",
      { model: endpoint.model, input: text, voice: "alloy", response_format: "mp3" },
      authHeaders(endpoint),
    );
    return {
      audio: new Uint8Array(await response.arrayBuffer()),
      mimeType: response.headers.get("Content-Type") ?? "audio/mpeg",
    };
  },
});
