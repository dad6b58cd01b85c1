import type { AgentTool, AgentToolName } from "../../../contract/agent-components";
import type { ToolSpec } from "../../../platform/providers/types";

type Argument = { type: "string" | "array"; description: string; enum?: string[]; optional?: boolean };
type ToolShape = { name: string; description: string; arguments: Record<string, Argument> };

const query = (what: string): Record<string, Argument> => ({
  query: { type: "string", description: `The search keywords for ${what}: the few words that matter most.` },
});
const search = (name: string, what: string): ToolShape => ({
  name,
  description: `Searches ${what} and answers with the best matches (title, address, text).`,
  arguments: query(what),
});

// How each component presents itself to a model as a function: a name, what it is good for, its arguments (they
// replace the component's params of the same names for that call).
const SHAPES: Record<Exclude<AgentToolName, "Agent" | "Invoke">, ToolShape> = {
  Retrieval: {
    name: "search_my_knowledge_base",
    description: "Searches the knowledge bases chosen for this agent and answers with the passages that match.",
    arguments: query("the knowledge bases"),
  },
  Wikipedia: search("wikipedia_search", "Wikipedia"),
  DuckDuckGo: search("duckduckgo_search", "the web with DuckDuckGo"),
  PubMed: search("pubmed_search", "PubMed's medical literature"),
  ArXiv: search("arxiv_search", "arXiv's scientific papers"),
  Google: search("google_search", "the web with Google"),
  Bing: search("bing_search", "the web with Bing"),
  Tavily: search("tavily_search", "the web with Tavily"),
  TavilySearch: {
    name: "tavily_search",
    description:
      "Tavily, a web search made for language models. Search one aspect at a time with fewer than five keywords; broaden them when nothing fits.",
    arguments: {
      ...query("Tavily"),
      topic: {
        type: "string",
        description: "general (default) or news, for current events",
        enum: ["general", "news"],
        optional: true,
      },
    },
  },
  TavilyExtract: {
    name: "tavily_extract",
    description: "Reads the text of one or more web pages with Tavily Extract.",
    arguments: { urls: { type: "array", description: "The addresses of the pages to read." } },
  },
  SearXNG: search("searxng_search", "the web with SearXNG"),
  GitHub: search("github_search", "GitHub's repositories"),
  YahooFinance: {
    name: "yahoo_finance",
    description: "Current stock market data for a ticker symbol from Yahoo Finance.",
    arguments: { symbol: { type: "string", description: "The ticker symbol, e.g. AAPL." } },
  },
  DeepL: {
    name: "deepl_translate",
    description: "Translates a text with DeepL into the language set up for this tool.",
    arguments: { text: { type: "string", description: "The text to translate." } },
  },
  Crawler: {
    name: "crawler",
    description: "Reads the text of a web page.",
    arguments: { url: { type: "string", description: "The page's address." } },
  },
  QWeather: {
    name: "qweather",
    description: "The weather at a place from QWeather.",
    arguments: { location: { type: "string", description: "The place, e.g. a city." } },
  },
  ExeSQL: {
    name: "execute_sql",
    description: "Runs an SQL query on the team's database and answers with the rows.",
    arguments: { sql: { type: "string", description: "One SQL statement." } },
  },
  Email: {
    name: "email",
    description: "Sends an e-mail.",
    arguments: {
      to: { type: "string", description: "The recipient's address." },
      subject: { type: "string", description: "The subject line." },
      content: { type: "string", description: "The message." },
    },
  },
};

// A sub-agent is asked like a colleague: the order, why it gets it, and what it needs to know.
const agentShape = (tool: AgentTool): ToolShape => ({
  name: String(tool.name || "agent"),
  description: String(tool.params?.description || "An agent for a specific task."),
  arguments: {
    user_prompt: { type: "string", description: "The order for this agent." },
    reasoning: { type: "string", description: "Why this agent is asked and what is expected of it." },
    context: { type: "string", description: "Everything this agent needs to know to do it, self-contained." },
  },
});

// An HTTP call offers its variables as arguments.
const invokeShape = (tool: AgentTool): ToolShape => ({
  name: String(tool.name || "invoke"),
  description: String(tool.params?.description || "Calls a web API."),
  arguments: Object.fromEntries(
    ((tool.params?.variables ?? []) as { key?: string }[])
      .filter((variable) => variable.key)
      .map((variable) => [String(variable.key), { type: "string", description: `The value of ${variable.key}.` }]),
  ),
});

const shapeOf = (tool: AgentTool): ToolShape => {
  if (tool.component_name === "Agent") return agentShape(tool);
  if (tool.component_name === "Invoke") return invokeShape(tool);
  return SHAPES[tool.component_name as keyof typeof SHAPES];
};

// Function names: letters, digits, _ and -; numbered by position, so two tools of one kind stay apart.
export const functionName = (tool: AgentTool, index: number) =>
  `${shapeOf(tool)
    .name.replace(/[^A-Za-z0-9_-]+/g, "_")
    .slice(0, 56)}_${index}`;

export const toolSpecOf = (tool: AgentTool, index: number): ToolSpec => {
  const shape = shapeOf(tool);
  return {
    type: "function",
    function: {
      name: functionName(tool, index),
      description: shape.description,
      parameters: {
        type: "object",
        properties: Object.fromEntries(
          Object.entries(shape.arguments).map(([key, { optional: _optional, ...argument }]) => [
            key,
            argument.type === "array" ? { ...argument, items: { type: "string" } } : argument,
          ]),
        ),
        required: Object.entries(shape.arguments)
          .filter(([, argument]) => !argument.optional)
          .map(([key]) => key),
      },
    },
  };
};

// An MCP server's tool, offered as the server describes it; numbered after the component tools, as RAGFlow does.
export type McpToolShape = { name: string; description?: string; inputSchema?: Record<string, unknown> };

export const mcpFunctionName = (tool: McpToolShape, index: number) =>
  `${tool.name.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 56)}_${index}`;

export const mcpToolSpecOf = (tool: McpToolShape, index: number): ToolSpec => ({
  type: "function",
  function: {
    name: mcpFunctionName(tool, index),
    description: String(tool.description ?? tool.name),
    parameters:
      tool.inputSchema && typeof tool.inputSchema === "object"
        ? { type: "object", properties: {}, ...tool.inputSchema }
        : { type: "object", properties: {} },
  },
});
