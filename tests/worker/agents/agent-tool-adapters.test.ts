import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ComponentName } from "../../../worker/contract/agents";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { BASE } from "../../helpers/worker/api";
import { useLocalChatModel } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { addInstance } from "../../helpers/worker/models";

// An Agent with a tool through every adapter with function calling, against the local provider servers (and the
// Workers AI stand-in): the call, its result fed back, the answer; streamed and not.

type Family = { name: string; setup: (user: TestUser) => Promise<string>; intro: string };

const instance = async (user: TestUser, provider: string, model: string, base_url: string) => {
  const added = await addInstance(user, { provider, base_url, models: [[model, "chat"]] });
  if (added.body.code !== 0) throw new Error(`${provider}: ${added.body.message}`);
  return `${model}@${provider}`;
};

const FAMILIES: Family[] = [
  { name: "OpenAI format", setup: (user) => useLocalChatModel(user), intro: "" },
  {
    name: "Anthropic",
    setup: (user) => instance(user, "Anthropic", "claude-sonnet-4-5", env.TEST_CLOUD_API_URL),
    // Claude says a sentence before its call; it is part of the answer
    intro: "Ich schaue nach.\n\n",
  },
  {
    name: "Gemini",
    setup: (user) => instance(user, "Gemini", "gemini-2.5-flash", env.TEST_CLOUD_API_URL),
    intro: "",
  },
  { name: "Ollama", setup: (user) => instance(user, "Ollama", "qwen3", env.TEST_OLLAMA_URL), intro: "" },
  {
    name: "Workers AI (Hermes 2 Pro)",
    setup: (user) => instance(user, "Workers AI", "@hf/nousresearch/hermes-2-pro-mistral-7b", ""),
    intro: "",
  },
  {
    name: "Workers AI (Llama 4, OpenAI-shaped calls)",
    setup: (user) => instance(user, "Workers AI", "@cf/meta/llama-4-scout-17b-16e-instruct", ""),
    intro: "",
  },
];

const wikipedia = (base = `${env.TEST_TOOL_APIS_URL}/wikipedia`) => ({
  component_name: "Wikipedia",
  name: "Wikipedia",
  params: { base_url: base },
});

const agentFlow = (params: Record<string, unknown>) =>
  flow([
    ["begin", "Begin", {}, ["Agent:a"]],
    ["Agent:a", "Agent" as ComponentName, params, ["Message:out"]],
    ["Message:out", "Message", { content: ["{Agent:a@content}"] }],
  ]);

type Event = { event: string; data: { component_id?: string; content?: string; outputs?: Record<string, unknown> } };

const streamRun = async (user: TestUser, agentId: string, question: string) => {
  const response = await SELF.fetch(`${BASE}/agents/chat/completions`, {
    method: "POST",
    headers: { Authorization: user.token, "Content-Type": "application/json" },
    body: JSON.stringify({ agent_id: agentId, question, stream: true }),
  });
  const events = (await response.text())
    .split("\n\n")
    .filter((line) => line.startsWith("data:{"))
    .map((line) => JSON.parse(line.slice(5)) as Event);
  const text = events
    .filter((event) => event.event === "message")
    .map((event) => event.data.content)
    .join("");
  return { events, text };
};

const agentOutputs = (trace: { component_id: string; outputs: Record<string, unknown> }[]) =>
  trace.find((entry) => entry.component_id === "Agent:a")?.outputs ?? {};

describe.each(FAMILIES)("Agent tool calling through $name", ({ setup, intro }) => {
  it("calls the tool, feeds its result back and answers; streamed, the answer arrives in pieces", async () => {
    const user = await createUser();
    const llm = await setup(user);
    const agent = await createAgent(
      user,
      agentFlow({ llm_id: llm, sys_prompt: "Nutze Werkzeuge.", tools: [wikipedia()] }),
    );

    const data = (await runAgent(user, agent.id, { question: "Grippe" })).body.data;
    expect(data.error).toBeNull();
    expect(data.content).toMatch(new RegExp(`^${intro}Ergebnis: 1\\. Grippe \\(Grippe\\)\nhttps://wikipedia\\.org`));
    const tool = data.trace.find((entry) => entry.component_id === "Agent:a-->Wikipedia");
    expect(tool).toMatchObject({ error: null, inputs: { query: "Grippe" } });
    expect(agentOutputs(data.trace)).toMatchObject({
      rounds: 2,
      max_rounds_exceeded: false,
      tool_calls: [expect.objectContaining({ round: 1, name: "wikipedia_search_0", arguments: { query: "Grippe" } })],
    });

    const streamed = await streamRun(user, agent.id, "Grippe");
    expect(streamed.text).toBe(data.content);
    const messages = streamed.events.filter((event) => event.event === "message");
    expect(messages.length).toBeGreaterThan(1);
    // the pieces arrive while the Agent runs, after its tool ran
    const firstPiece = streamed.events.indexOf(messages[0] as Event);
    const toolDone = streamed.events.findIndex(
      (event) => event.event === "node_finished" && event.data.component_id === "Agent:a-->Wikipedia",
    );
    const agentDone = streamed.events.findIndex(
      (event) => event.event === "node_finished" && event.data.component_id === "Agent:a",
    );
    expect(firstPiece).toBeLessThan(agentDone);
    if (!intro) expect(firstPiece).toBeGreaterThan(toolDone);
  });

  it("hands a tool's error back to the model, which answers with it", async () => {
    const user = await createUser();
    const llm = await setup(user);
    const broken = wikipedia("http://127.0.0.1:9/wikipedia");
    const agent = await createAgent(user, agentFlow({ llm_id: llm, tools: [broken] }));
    for (const data of [
      (await runAgent(user, agent.id, { question: "Grippe" })).body.data,
      { content: (await streamRun(user, agent.id, "Grippe")).text, error: null, trace: null },
    ]) {
      expect(data.error).toBeNull();
      expect(data.content).toMatch(/Ergebnis: Error: /);
    }
  });

  it("stops after max_rounds and answers without tools", async () => {
    const user = await createUser();
    const llm = await setup(user);
    const agent = await createAgent(user, agentFlow({ llm_id: llm, tools: [wikipedia()], max_rounds: 2 }));
    const data = (await runAgent(user, agent.id, { question: "Grippe [Schleife]" })).body.data;
    expect(data.error).toBeNull();
    expect(agentOutputs(data.trace)).toMatchObject({ rounds: 3, max_rounds_exceeded: true });
    expect(data.trace.filter((entry) => entry.component_id === "Agent:a-->Wikipedia")).toHaveLength(3);
    expect(data.content).toContain("Exceed max rounds: 2");
    const streamed = await streamRun(user, agent.id, "Grippe [Schleife]");
    expect(streamed.text).toBe(data.content);
  });
});

describe("models without function calling", () => {
  it("a Workers AI model without function calling fails the run, naming the model", async () => {
    const user = await createUser();
    const llm = await instance(user, "Workers AI", "@cf/meta/llama-3.1-8b-instruct", "");
    const agent = await createAgent(user, agentFlow({ llm_id: llm, tools: [wikipedia()] }));
    const data = (await runAgent(user, agent.id, { question: "Grippe" })).body.data;
    expect(data.error).toBe("Agent:a: Model @cf/meta/llama-3.1-8b-instruct@Workers AI does not support tool calls.");
    expect(data.trace.some((entry) => entry.component_id.startsWith("Agent:a-->"))).toBe(false);
  });

  it("the built-in offline model is refused too", async () => {
    const user = await createUser();
    const agent = await createAgent(user, agentFlow({ llm_id: "builtin-extractive@Builtin", tools: [wikipedia()] }));
    const data = (await runAgent(user, agent.id, { question: "Grippe" })).body.data;
    expect(data.error).toMatch(
      /^Agent:a: Model builtin-extractive@Builtin \(the built-in offline model\) does not support/,
    );
  });
});
