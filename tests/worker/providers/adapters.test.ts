import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { maskSecret, openSecret, sealSecret } from "../../../worker/lib/secret-box";
import { anthropicChat } from "../../../worker/platform/providers/anthropic";
import { geminiChat, geminiEmbedding } from "../../../worker/platform/providers/gemini";
import { ollamaChat, ollamaEmbedding } from "../../../worker/platform/providers/ollama";
import { openAiChat, openAiEmbedding, visibleAnswer } from "../../../worker/platform/providers/openai-compatible";
import { ProviderError } from "../../../worker/platform/providers/types";
import { GOOD_KEY } from "../../helpers/shared/model-key";

const openAi = (model: string, apiKey = GOOD_KEY, timeoutMs?: number) => ({
  baseUrl: env.TEST_OPENAI_URL,
  apiKey,
  model,
  timeoutMs,
});
const ollama = (model: string) => ({ baseUrl: env.TEST_OLLAMA_URL, model });

const collect = async (
  stream: AsyncGenerator<{ delta: string } | { usage: { promptTokens: number; completionTokens: number } }>,
) => {
  let text = "";
  let usage = null;
  for await (const part of stream) {
    if ("delta" in part) text += part.delta;
    else usage = part.usage;
  }
  return { text, usage };
};

describe("OpenAI-compatible adapter (local server)", () => {
  it("completes, dropping <think> blocks, and reports token usage", async () => {
    const result = await openAiChat("m@x", openAi("chat-model")).complete([{ role: "user", content: "Hallo" }]);
    expect(result).toEqual({ text: "Antwort auf: Hallo", usage: { promptTokens: 7, completionTokens: 4 } });
  });

  it("streams SSE deltas and the final usage", async () => {
    const { text, usage } = await collect(
      openAiChat("m@x", openAi("chat-model")).stream([{ role: "user", content: "Wie geht es?" }]),
    );
    expect(text).toBe("Antwort auf: Wie geht es?");
    expect(usage).toEqual({ promptTokens: 7, completionTokens: 4 });
  });

  it("shows a streamed answer without its thinking, growing piece by piece, a tag cut in half held back", () => {
    const stream = ["<thi", "nk>Erst über", "legen.</th", "ink>\n", "Antwort", " a <", "b und <t", "hink>mehr"];
    const seen = stream.map((_, index) => visibleAnswer(stream.slice(0, index + 1).join("")));
    expect(seen).toEqual(["", "", "", "", "Antwort", "Antwort a ", "Antwort a <b und ", "Antwort a <b und "]);
    for (const [index, text] of seen.entries()) expect(text.startsWith(seen[index - 1] ?? "")).toBe(true);
    expect(visibleAnswer("Antwort <", true)).toBe("Antwort <");
    expect(visibleAnswer("Antwort <")).toBe("Antwort ");
  });

  it("embeds in input order and normalises the vectors", async () => {
    const vectors = await openAiEmbedding("e@x", openAi("embed-model")).embed(["eins", "zwei zwei"]);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    const [again] = await openAiEmbedding("e@x", openAi("embed-model")).embed(["zwei zwei"]);
    expect([...(again ?? [])]).toEqual([...(vectors[1] ?? [])]);
  });

  it("explains a bad API key", async () => {
    const error = await openAiChat("m@x", openAi("chat-model", "sk-wrong"))
      .complete([{ role: "user", content: "x" }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(401);
    expect((error as ProviderError).message).toContain("Invalid API key (401): Incorrect API key provided");
  });

  it("retries a 503 and succeeds", async () => {
    const result = await openAiChat("m@x", openAi("flaky-model")).complete([{ role: "user", content: "x" }]);
    expect(result.text).toBe("Antwort auf: x");
  });

  it("gives up after its timeout", async () => {
    const error = await openAiChat("m@x", openAi("slow-model", GOOD_KEY, 300))
      .complete([{ role: "user", content: "x" }])
      .catch((e: unknown) => e);
    expect((error as ProviderError).message).toContain("did not answer within 0.3 s");
  });
});

describe("Ollama adapter (local NDJSON server)", () => {
  it("streams NDJSON and completes", async () => {
    const chat = ollamaChat("llama@Ollama", ollama("llama"));
    expect(await collect(chat.stream([{ role: "user", content: "Hi" }]))).toEqual({
      text: "Ollama: Hi",
      usage: { promptTokens: 5, completionTokens: 2 },
    });
    expect((await chat.complete([{ role: "user", content: "Hi" }])).text).toBe("Ollama: Hi");
  });

  it("embeds a batch", async () => {
    const vectors = await ollamaEmbedding("nomic@Ollama", ollama("nomic")).embed(["a", "b"]);
    expect(vectors.map((v) => v.length)).toEqual([8, 8]);
  });
});

const cloud = (model: string, apiKey = GOOD_KEY) => ({ baseUrl: env.TEST_CLOUD_API_URL, apiKey, model });

describe("Anthropic adapter (local Messages API server)", () => {
  it("sends the system prompt separately, completes and streams", async () => {
    const chat = anthropicChat("claude@Anthropic", cloud("claude"));
    const messages = [
      { role: "system" as const, content: "Sei kurz." },
      { role: "user" as const, content: "Hallo" },
    ];
    expect(await chat.complete(messages)).toEqual({
      text: "Claude: Hallo [Sei kurz.]",
      usage: { promptTokens: 9, completionTokens: 3 },
    });
    expect(await collect(chat.stream(messages))).toEqual({
      text: "Claude: Hallo [Sei kurz.]",
      usage: { promptTokens: 9, completionTokens: 3 },
    });
  });

  it("explains a bad key", async () => {
    const error = await anthropicChat("c@A", cloud("claude", "wrong"))
      .complete([{ role: "user", content: "x" }])
      .catch((e: unknown) => e);
    expect((error as ProviderError).message).toContain("Invalid API key (401): invalid x-api-key");
  });
});

describe("Gemini adapter (local generateContent server)", () => {
  it("completes, streams and embeds", async () => {
    const chat = geminiChat("gemini@Gemini", cloud("gemini-2.5-flash"));
    expect(await chat.complete([{ role: "user", content: "Hallo" }])).toEqual({
      text: "Gemini: Hallo",
      usage: { promptTokens: 6, completionTokens: 2 },
    });
    expect(await collect(chat.stream([{ role: "user", content: "Hallo" }]))).toEqual({
      text: "Gemini: Hallo",
      usage: { promptTokens: 6, completionTokens: 2 },
    });
    const vectors = await geminiEmbedding("e@Gemini", cloud("text-embedding-004")).embed(["a", "bb"]);
    expect(vectors.map((v) => v.length)).toEqual([8, 8]);
  });

  it("reports an invalid key", async () => {
    const error = await geminiChat("g@G", cloud("gemini-2.5-flash", "bad"))
      .complete([{ role: "user", content: "x" }])
      .catch((e: unknown) => e);
    expect((error as ProviderError).message).toContain("API key not valid");
  });
});

describe("secret box", () => {
  it("seals provider keys with AES-GCM and opens them only with the same secret", async () => {
    const sealed = await sealSecret("sk-very-secret-key", "server-secret");
    expect(sealed).toMatch(/^v1:[0-9a-f]{24}:[0-9a-f]+$/);
    expect(sealed).not.toContain("very-secret");
    expect(await openSecret(sealed, "server-secret")).toBe("sk-very-secret-key");
    await expect(openSecret(sealed, "another-secret")).rejects.toThrow();
    expect(maskSecret("sk-very-secret-key")).toBe("sk-…-key");
  });
});
