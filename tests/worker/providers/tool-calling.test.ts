import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { anthropicChat } from "../../../worker/platform/providers/anthropic";
import { geminiChat } from "../../../worker/platform/providers/gemini";
import { ollamaChat } from "../../../worker/platform/providers/ollama";
import { openAiChat } from "../../../worker/platform/providers/openai-compatible";
import type {
  ChatModel,
  ToolCall,
  ToolChatMessage,
  ToolRoundPart,
  ToolSpec,
} from "../../../worker/platform/providers/types";
import { workersAiChat } from "../../../worker/platform/providers/workers-ai";
import { fakeWorkersAi } from "../../../worker/platform/workers-ai-fake";
import { GOOD_KEY } from "../../helpers/shared/model-key";

// Each adapter's function calling in the shared shape, over HTTP to the local provider servers (Workers AI: the
// binding's stand-in): a call with its arguments as JSON text, the result sent back in the provider's own shape.

const cloud = (model: string) => ({ baseUrl: env.TEST_CLOUD_API_URL, apiKey: GOOD_KEY, model });
const ADAPTERS: [string, ChatModel][] = [
  ["OpenAI format", openAiChat("o", { baseUrl: env.TEST_OPENAI_URL, apiKey: GOOD_KEY, model: "chat-model" })],
  ["Anthropic", anthropicChat("a", cloud("claude-sonnet-4-5"))],
  ["Gemini", geminiChat("g", cloud("gemini-2.5-flash"))],
  ["Ollama", ollamaChat("l", { baseUrl: env.TEST_OLLAMA_URL, model: "qwen3" })],
  ["Workers AI", workersAiChat("w", "@hf/nousresearch/hermes-2-pro-mistral-7b", fakeWorkersAi)],
  ["Workers AI (Llama 4)", workersAiChat("w4", "@cf/meta/llama-4-scout-17b-16e-instruct", fakeWorkersAi)],
  // answers in OpenAI's Chat Completions shape (choices), as Cloudflare documents for gpt-oss
  ["Workers AI (gpt-oss)", workersAiChat("wo", "@cf/openai/gpt-oss-120b", fakeWorkersAi)],
];

const TOOLS: ToolSpec[] = [
  {
    type: "function",
    function: {
      name: "lookup_0",
      description: "Looks a word up.",
      parameters: {
        type: "object",
        properties: { word: { type: "string" }, pages: { type: "array", items: { type: "string" } } },
        required: ["word"],
      },
    },
  },
];
const QUESTION: ToolChatMessage[] = [
  { role: "system", content: "Nutze Werkzeuge." },
  { role: "user", content: "Masern" },
];

const collect = async (parts: AsyncGenerator<ToolRoundPart>) => {
  let text = "";
  const calls: ToolCall[] = [];
  let usage = null;
  for await (const part of parts) {
    if ("delta" in part) text += part.delta;
    else if ("call" in part) calls.push(part.call);
    else usage = part.usage;
  }
  return { text, calls, usage };
};

const answered = (calls: ToolCall[], text: string): ToolChatMessage[] => [
  ...QUESTION,
  { role: "assistant", content: text, tool_calls: calls },
  ...calls.map((call) => ({ role: "tool" as const, tool_call_id: call.id, content: "Masern: Virusinfektion" })),
];

describe.each(ADAPTERS)("function calling through %s", (_name, model) => {
  it("asks for a call, then answers from its result; streamed the same", async () => {
    const complete = model.completeWithTools;
    const stream = model.streamWithTools;
    if (!complete || !stream) throw new Error("no function calling");
    const first = await complete(QUESTION, TOOLS);
    expect(first.calls).toEqual([expect.objectContaining({ name: "lookup_0", id: expect.any(String) as string })]);
    expect(JSON.parse(first.calls[0]?.arguments ?? "")).toEqual({ word: "Masern", pages: ["Masern"] });
    expect(first.usage.promptTokens).toBeGreaterThan(0);

    const streamed = await collect(stream(QUESTION, TOOLS));
    expect(streamed.text).toBe(first.text);
    expect(streamed.calls.map(({ name, arguments: args }) => [name, JSON.parse(args)])).toEqual([
      ["lookup_0", { word: "Masern", pages: ["Masern"] }],
    ]);
    expect(streamed.usage).not.toBeNull();

    const second = await complete(answered(first.calls, first.text), TOOLS);
    expect(second).toMatchObject({ text: "Ergebnis: Masern: Virusinfektion", calls: [] });
    const secondStreamed = await collect(stream(answered(streamed.calls, streamed.text), TOOLS));
    expect(secondStreamed).toMatchObject({ text: "Ergebnis: Masern: Virusinfektion", calls: [] });
  });

  it("answers without tools when none are offered, the tool turns in the conversation", async () => {
    const first = await model.completeWithTools?.(QUESTION, TOOLS);
    const history = [...answered(first?.calls ?? [], first?.text ?? ""), { role: "user" as const, content: "Genug." }];
    const last = await model.completeWithTools?.(history, []);
    expect(last?.calls).toEqual([]);
    expect(last?.text).toContain("Genug.");
  });
});

describe("function calling in the wire formats", () => {
  it("Gemini gets its thought signature back with the call, or refuses the conversation", async () => {
    const gemini = geminiChat("g", cloud("gemini-2.5-flash"));
    const first = await gemini.completeWithTools?.(QUESTION, TOOLS);
    expect(first?.calls[0]?.signature).toBeTruthy();
    const unsigned = (first?.calls ?? []).map(({ signature: _signature, ...call }) => call);
    await expect(gemini.completeWithTools?.(answered(unsigned, ""), TOOLS)).rejects.toThrow(/thought_signature/);
  });

  it("Workers AI models without function calling offer none", () => {
    expect(workersAiChat("w", "@cf/meta/llama-3.1-8b-instruct", fakeWorkersAi).completeWithTools).toBeUndefined();
  });
});
