import type { Dsl } from "../../../worker/contract/agents";
import { TOOL_KEY } from "../shared/tool-key";

// An agent file in the shape RAGFlow v0.27's stock templates have (written for Buddy's tests, not copied):
// {id, title, description, canvas_type, dsl} with Begin → an Agent that may call a search tool → a Message, the
// editor's graph next to the components, and the Agent's params as v0.27 writes them (prompts as a list, sampling
// switches, tools with their own params).
export const researchTemplate = (searchBaseUrl: string, llmId: string) => {
  const agentParams = {
    llm_id: llmId,
    sys_prompt: "Du recherchierst im Web und antwortest knapp.",
    prompts: [{ role: "user", content: "Frage:\n{sys.query}" }],
    temperature: 0.2,
    temperatureEnabled: true,
    max_tokens: 512,
    maxTokensEnabled: false,
    presence_penalty: 0.4,
    presencePenaltyEnabled: false,
    max_rounds: 3,
    max_retries: 0,
    delay_after_error: 1,
    message_history_window_size: 6,
    exception_method: null,
    exception_goto: [],
    exception_default_value: "",
    description: "",
    user_prompt: "",
    mcp: [],
    outputs: { content: { type: "string", value: "" } },
    tools: [
      {
        component_name: "TavilySearch",
        name: "TavilySearch",
        id: "TavilySearch:QuietRiversRun",
        params: { api_key: TOOL_KEY, base_url: searchBaseUrl, max_results: 2, query: "sys.query", topic: "general" },
      },
    ],
  };
  const dsl = {
    components: {
      begin: {
        obj: { component_name: "Begin", params: { mode: "conversational", prologue: "Hallo!", inputs: {} } },
        downstream: ["Agent:BrightOwlsSing"],
        upstream: [],
      },
      "Agent:BrightOwlsSing": {
        obj: { component_name: "Agent", params: agentParams },
        downstream: ["Message:CalmLeavesFall"],
        upstream: ["begin"],
      },
      "Message:CalmLeavesFall": {
        obj: { component_name: "Message", params: { content: ["{Agent:BrightOwlsSing@content}"] } },
        downstream: [],
        upstream: ["Agent:BrightOwlsSing"],
      },
    },
    globals: { "sys.query": "", "sys.user_id": "", "sys.conversation_turns": 0, "sys.files": [] },
    graph: {
      nodes: [
        { id: "begin", type: "beginNode", position: { x: 0, y: 0 }, data: { label: "Begin", name: "begin" } },
        {
          id: "Agent:BrightOwlsSing",
          type: "agentNode",
          position: { x: 300, y: 0 },
          data: { label: "Agent", name: "Rechercheur", form: agentParams },
        },
        {
          id: "Message:CalmLeavesFall",
          type: "messageNode",
          position: { x: 600, y: 0 },
          data: { label: "Message", name: "Antwort", form: { content: ["{Agent:BrightOwlsSing@content}"] } },
        },
      ],
      edges: [
        { id: "e1", source: "begin", sourceHandle: "start", target: "Agent:BrightOwlsSing", targetHandle: "end" },
        {
          id: "e2",
          source: "Agent:BrightOwlsSing",
          sourceHandle: "start",
          target: "Message:CalmLeavesFall",
          targetHandle: "end",
        },
      ],
    },
    history: [],
    messages: [],
    path: [],
    retrieval: [],
  };
  return {
    id: "web-research",
    title: "Web-Recherche",
    description: "Sucht im Web und fasst zusammen.",
    canvas_type: "Recommended",
    dsl: dsl as unknown as Dsl,
  };
};
