import { addInstance } from "../../helpers/worker/models";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Agent, ComponentName } from "../../../worker/contract/agents";
import { researchTemplate } from "../../helpers/worker/agent-flows";
import { TOOL_KEY } from "../../helpers/shared/tool-key";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModel } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const tools = () => env.TEST_TOOL_APIS_URL;

// Begin → one component → a Message showing one of its outputs.
const single = async (user: TestUser, name: ComponentName, params: Record<string, unknown>, question: string) => {
  const agent = await createAgent(
    user,
    flow([
      ["begin", "Begin", {}, [`${name}:c`]],
      [`${name}:c`, name, params, ["Message:out"]],
      ["Message:out", "Message", { content: [`{${name}:c@content}`] }],
    ]),
  );
  return (await runAgent(user, agent.id, { question })).body.data;
};

const outputsOf = (trace: { component_id: string; outputs: Record<string, unknown> }[], id: string) =>
  trace.find((entry) => entry.component_id === id)?.outputs ?? {};

const wikipedia = () => ({
  component_name: "Wikipedia",
  name: "Wikipedia",
  params: { base_url: `${tools()}/wikipedia` },
});

describe("LLM component (RAGFlow v0.27)", () => {
  it("sends the system prompt and the user prompts, and answers with `content`", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const data = await single(
      user,
      "LLM",
      { llm_id: llm, sys_prompt: "Du bist knapp.", prompts: [{ role: "user", content: "Frage: {sys.query}" }] },
      "Grippe?",
    );
    expect(data.error).toBeNull();
    expect(data.content).toBe("Antwort auf: Frage: Grippe?");
  });

  it("leaves out sampling parameters whose switch is off", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const data = await single(
      user,
      "LLM",
      {
        llm_id: llm,
        prompts: [{ role: "user", content: "{sys.query}" }],
        presence_penalty: 0.4,
        presencePenaltyEnabled: false,
        top_p: 0.3,
        topPEnabled: true,
      },
      "Parameter?",
    );
    expect(JSON.parse(data.content)).toMatchObject({ top_p: 0.3, presence_penalty: null });
  });

  it("answers in the schema of outputs.structured", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["LLM:s"]],
        [
          "LLM:s",
          "LLM",
          {
            llm_id: llm,
            prompts: [{ role: "user", content: "{sys.query}" }],
            outputs: { structured: { type: "object", properties: { thema: { type: "string" } } } },
          },
          ["Message:out"],
        ],
        ["Message:out", "Message", { content: ["Thema: {LLM:s@structured.thema}"] }],
      ]),
    );
    const data = (await runAgent(user, agent.id, { question: "Impfung" })).body.data;
    expect(data.content).toBe("Thema: Impfung");
    expect(outputsOf(data.trace, "LLM:s").structured).toEqual({ thema: "Impfung" });
  });
});

describe("Agent component with tools (function calling)", () => {
  it("calls a tool, feeds its answer back and answers in the second round; the call shows in the trace", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const data = await single(
      user,
      "Agent",
      { llm_id: llm, sys_prompt: "Nutze Werkzeuge.", tools: [wikipedia()], max_rounds: 3 },
      "Grippe",
    );
    expect(data.error).toBeNull();
    expect(data.content).toMatch(/^Ergebnis: 1\. Grippe \(Grippe\)\nhttps:\/\/wikipedia\.org/);
    const tool = data.trace.find((entry) => entry.component_id === "Agent:c-->Wikipedia");
    expect(tool).toMatchObject({ component_name: "Wikipedia", error: null, inputs: { query: "Grippe" } });
    const outputs = outputsOf(data.trace, "Agent:c");
    expect(outputs).toMatchObject({ rounds: 2, max_rounds_exceeded: false });
    expect(outputs.tool_calls).toEqual([
      expect.objectContaining({
        round: 1,
        name: "wikipedia_search_0",
        tool: "Wikipedia",
        arguments: { query: "Grippe" },
      }),
    ]);
  });

  it("calls a sub-agent, which calls its own tool", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const helper = {
      component_name: "Agent",
      name: "Web Recherche",
      params: {
        llm_id: llm,
        description: "Sucht im Web.",
        sys_prompt: "Du suchst.",
        tools: [
          {
            component_name: "TavilySearch",
            name: "TavilySearch",
            params: { base_url: `${tools()}/tavily`, api_key: TOOL_KEY },
          },
        ],
      },
    };
    const data = await single(user, "Agent", { llm_id: llm, tools: [helper] }, "Masern");
    expect(data.error).toBeNull();
    const ids = data.trace.map((entry) => entry.component_id);
    expect(ids).toEqual([
      "begin",
      "Agent:c-->Web_Recherche-->TavilySearch",
      "Agent:c-->Web_Recherche",
      "Agent:c",
      "Message:out",
    ]);
    // the sub-agent got the order with the reasoning and context around it
    expect(outputsOf(data.trace, "Agent:c").tool_calls).toEqual([
      expect.objectContaining({
        name: "Web_Recherche_0",
        arguments: { user_prompt: "Masern", reasoning: "Masern", context: "Masern" },
      }),
    ]);
    expect(data.content).toBe("Ergebnis: Ergebnis: 1. Tavily-Treffer\nhttps://example.org/tavily\nMasern");
    // the tools' keys stay out of the trace, also inside the Agents' `tools` params
    expect(JSON.stringify(data.trace)).not.toContain(TOOL_KEY);
  });

  it("stops after max_rounds and asks for an answer without tools", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user, "tool-loop-model");
    const data = await single(user, "Agent", { llm_id: llm, tools: [wikipedia()], max_rounds: 2 }, "Grippe");
    expect(data.error).toBeNull();
    expect(data.content).toBe("Schluss: Exceed max rounds: 2");
    const outputs = outputsOf(data.trace, "Agent:c");
    // as RAGFlow: max_rounds + 1 rounds may call tools
    expect(outputs).toMatchObject({ rounds: 3, max_rounds_exceeded: true });
    expect(outputs.tool_calls).toHaveLength(3);
    expect(data.trace.filter((entry) => entry.component_id === "Agent:c-->Wikipedia")).toHaveLength(3);
  });

  it("refuses a model without function calling, by name", async () => {
    const user = await createUser();
    await addInstance(user, {
      provider: "Workers AI",
      api_key: "",
      base_url: "",
      models: [["@cf/meta/llama-3.1-8b-instruct", "chat"]],
    });
    const llm = "@cf/meta/llama-3.1-8b-instruct@Workers AI";
    const data = await single(user, "Agent", { llm_id: llm, tools: [wikipedia()] }, "Grippe");
    expect(data.error).toMatch(/Model @cf\/meta\/llama-3\.1-8b-instruct@Workers AI does not support tool calls/);
    expect(data.content).toMatch(/^\*\*ERROR\*\*: .*does not support tool calls/);
  });

  it("without tools is an LLM", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const data = await single(
      user,
      "Agent",
      { llm_id: llm, prompts: [{ role: "user", content: "Q: {sys.query}" }] },
      "Hi",
    );
    expect(data.content).toBe("Antwort auf: Q: Hi");
  });
});

describe("Tavily tools (v0.27 names)", () => {
  it("TavilySearch searches and TavilyExtract reads pages", async () => {
    const user = await createUser();
    const base = `${tools()}/tavily`;
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["TavilySearch:s"]],
        ["TavilySearch:s", "TavilySearch", { base_url: base, api_key: TOOL_KEY }, ["TavilyExtract:e"]],
        [
          "TavilyExtract:e",
          "TavilyExtract",
          { base_url: base, api_key: TOOL_KEY, urls: "https://a.example, https://b.example" },
          ["Message:out"],
        ],
        [
          "Message:out",
          "Message",
          { content: ["{TavilySearch:s@formalized_content}|{TavilyExtract:e@json.1.raw_content}"] },
        ],
      ]),
    );
    const data = (await runAgent(user, agent.id, { question: "Röteln" })).body.data;
    expect(data.content).toBe(
      "1. Tavily-Treffer\nhttps://example.org/tavily\nRöteln|Inhalt von https://b.example (markdown)",
    );
  });

  it("a wrong key fails the run with the service's refusal", async () => {
    const user = await createUser();
    const data = await single(user, "TavilySearch", { base_url: `${tools()}/tavily`, api_key: "falsch" }, "Röteln");
    expect(data.error).toMatch(/HTTP 401/);
  });
});

describe("importing agents with Agent components", () => {
  it("a RAGFlow v0.27-shaped template imports through POST /agents and runs", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const template = researchTemplate(`${tools()}/tavily`, llm);
    const created = await callApi<Agent>("/agents", {
      token: user.token,
      json: { title: template.title, description: template.description, dsl: template.dsl },
    });
    expect(created.body.code).toBe(0);
    const data = (await runAgent(user, created.body.data.id, { question: "Keuchhusten" })).body.data;
    expect(data.error).toBeNull();
    expect(data.content).toBe("Ergebnis: 1. Tavily-Treffer\nhttps://example.org/tavily\nKeuchhusten");
  });

  it("refuses a tool that is no tool component, naming it, and stores nothing", async () => {
    const user = await createUser();
    const template = researchTemplate(`${tools()}/tavily`, "");
    const agentParams = template.dsl.components["Agent:BrightOwlsSing"]?.obj.params as Record<string, unknown>;
    const dsl = {
      ...template.dsl,
      components: {
        ...template.dsl.components,
        "Agent:BrightOwlsSing": {
          ...template.dsl.components["Agent:BrightOwlsSing"],
          obj: {
            component_name: "Agent",
            params: { ...agentParams, tools: [{ component_name: "CodeExec", params: {} }] },
          },
        },
      },
    };
    const res = await callApi("/agents", { token: user.token, json: { title: "Kaputt", dsl } });
    expect(res.body.code).toBe(102);
    expect(res.body.message).toMatch(/tools\[0\].*CodeExec cannot be an Agent's tool/);
    const nested = {
      ...dsl,
      components: {
        ...dsl.components,
        "Agent:BrightOwlsSing": {
          ...dsl.components["Agent:BrightOwlsSing"],
          obj: { component_name: "Agent", params: { ...agentParams, max_rounds: 51 } },
        },
      },
    };
    const rounds = await callApi("/agents", { token: user.token, json: { title: "Kaputt", dsl: nested } });
    expect(rounds.body.code).toBe(102);
    expect(rounds.body.message).toMatch(/max_rounds/);
    const list = await callApi<{ total: number }>("/agents", { token: user.token });
    expect(list.body.data.total).toBe(0);
  });
});
