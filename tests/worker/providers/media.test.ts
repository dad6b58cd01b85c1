import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { anthropicImageToText } from "../../../worker/platform/providers/anthropic";
import { geminiImageToText } from "../../../worker/platform/providers/gemini";
import { ollamaImageToText } from "../../../worker/platform/providers/ollama";
import {
  openAiImageToText,
  openAiRerank,
  openAiSpeechToText,
  openAiTextToSpeech,
} from "../../../worker/platform/providers/openai-media";
import { ProviderError } from "../../../worker/platform/providers/types";
import {
  workersAiChat,
  workersAiEmbedding,
  workersAiImageToText,
  workersAiRerank,
  workersAiSpeechToText,
  workersAiTextToSpeech,
} from "../../../worker/platform/providers/workers-ai";
import { fakeWorkersAi } from "../../../worker/platform/workers-ai-fake";
import { GOOD_KEY } from "../../helpers/shared/model-key";

const openAi = (model: string, apiKey = GOOD_KEY) => ({ baseUrl: env.TEST_OPENAI_URL, apiKey, model });
const cloud = (model: string) => ({ baseUrl: env.TEST_CLOUD_API_URL, apiKey: GOOD_KEY, model });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

describe("OpenAI-compatible rerank, vision and audio (local server)", () => {
  it("reranks and maps scores back to input order although the server answers best-first", async () => {
    const scores = await openAiRerank("r@x", openAi("rerank-model")).score("grippe impfung", [
      "nichts",
      "grippe impfung heute",
      "grippe",
    ]);
    expect(scores).toEqual([0, 1, 0.5]);
    expect(await openAiRerank("r@x", openAi("rerank-model")).score("q", [])).toEqual([]);
  });

  it("describes an image sent as a data URL and reports usage", async () => {
    const result = await openAiImageToText("v@x", openAi("vision")).describe(PNG, "image/png", "Was ist das?");
    expect(result).toEqual({
      text: "Bild (data:image/png): ein Impfpass",
      usage: { promptTokens: 50, completionTokens: 6 },
    });
  });

  it("transcribes multipart audio and refuses a bad key", async () => {
    expect(await openAiSpeechToText("s@x", openAi("whisper-1")).transcribe(new Uint8Array(100), "frage.wav")).toBe(
      "Transkript von frage.wav (100 Bytes, whisper-1)",
    );
    const error = await openAiSpeechToText("s@x", openAi("whisper-1", "sk-bad"))
      .transcribe(new Uint8Array(1), "a.wav")
      .catch((e: unknown) => e);
    expect((error as ProviderError).status).toBe(401);
  });

  it("speaks text as audio bytes", async () => {
    const { audio, mimeType } = await openAiTextToSpeech("t@x", openAi("tts-1")).speak("Hallo");
    expect(mimeType).toBe("audio/mpeg");
    expect(new TextDecoder().decode(audio)).toBe("ID3 speech for Hallo");
  });

  it("Anthropic, Gemini and Ollama vision send the image in their own shapes", async () => {
    expect((await anthropicImageToText("a@x", cloud("claude")).describe(PNG, "image/png", "?")).text).toBe(
      "Claude sieht: image+text",
    );
    expect((await geminiImageToText("g@x", cloud("gemini")).describe(PNG, "image/jpeg", "?")).text).toBe(
      "Gemini sieht image/jpeg",
    );
    const ollama = await ollamaImageToText("o@x", { baseUrl: env.TEST_OLLAMA_URL, model: "llava" }).describe(
      PNG,
      "image/png",
      "?",
    );
    expect(ollama).toEqual({ text: "Ollama sieht 1 Bild", usage: { promptTokens: 30, completionTokens: 4 } });
  });
});

describe("Workers AI adapters (AI binding; a fake runner since Workers AI has no local implementation)", () => {
  it("completes and streams chat with usage", async () => {
    const chat = workersAiChat("w@Workers AI", "@cf/meta/llama-3.1-8b-instruct", fakeWorkersAi);
    expect(await chat.complete([{ role: "user", content: "Hallo" }])).toEqual({
      text: "Workers AI: Hallo",
      usage: { promptTokens: 11, completionTokens: 3 },
    });
    let text = "";
    let usage = null;
    for await (const part of chat.stream([{ role: "user", content: "Wie geht es?" }])) {
      if ("delta" in part) text += part.delta;
      else usage = part.usage;
    }
    expect(text).toBe("Workers AI: Wie geht es?");
    expect(usage).toEqual({ promptTokens: 11, completionTokens: 3 });
  });

  it("embeds (normalised), reranks, describes, transcribes and speaks", async () => {
    const vectors = await workersAiEmbedding("e", "@cf/baai/bge-m3", fakeWorkersAi).embed(["eins zwei", "drei"]);
    expect(vectors.map((v) => Math.hypot(...v))).toEqual([expect.closeTo(1, 5), expect.closeTo(1, 5)]);
    expect(
      await workersAiRerank("r", "@cf/baai/bge-reranker-base", fakeWorkersAi).score("grippe impfung", [
        "impfung",
        "nichts",
      ]),
    ).toEqual([0.5, 0]);
    expect((await workersAiImageToText("i", "@cf/llava", fakeWorkersAi).describe(PNG, "image/png", "Was?")).text).toBe(
      "An image of 4 bytes. Was?",
    );
    expect(
      await workersAiSpeechToText("s", "@cf/openai/whisper", fakeWorkersAi).transcribe(new Uint8Array(10), "a.wav"),
    ).toBe("Transcript of 10 bytes of audio");
    expect(
      new TextDecoder().decode(
        (await workersAiTextToSpeech("t", "@cf/myshell-ai/melotts", fakeWorkersAi).speak("Hi")).audio,
      ),
    ).toBe("ID3 Hi");
  });

  it("turns binding failures and a missing binding into provider errors that say where Workers AI runs", async () => {
    const broken = await workersAiChat("b", "@cf/test/broken", fakeWorkersAi)
      .complete([{ role: "user", content: "x" }])
      .catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ProviderError);
    expect((broken as ProviderError).message).toContain("Capacity temporarily exceeded");
    expect((broken as ProviderError).message).toContain("runs only on Cloudflare");
    const unbound = await workersAiEmbedding("e", "@cf/baai/bge-m3", null)
      .embed(["x"])
      .catch((e: unknown) => e);
    expect((unbound as ProviderError).message).toContain("[ai] binding is missing");
  });
});
