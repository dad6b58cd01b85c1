import type { ComponentName } from "./agents";
import { agentMcpProblem } from "./mcp-servers";

// Every component's parameters with their defaults (the editor's forms start from these; the engine fills
// missing ones from them), what a run must have, and the outputs other components can reference.
export const COMMON_PARAMS = {
  max_retries: 0,
  delay_after_error: 1,
  exception_method: null,
  exception_default_value: "",
  exception_goto: [] as string[],
};

const LLM_DEFAULTS = {
  llm_id: "",
  sys_prompt: "",
  prompts: [{ role: "user", content: "{sys.query}" }],
  temperature: 0.1,
  temperatureEnabled: true,
  max_tokens: 0,
  message_history_window_size: 12,
  cite: true,
};

export const COMPONENT_DEFAULTS: Record<ComponentName, Record<string, unknown>> = {
  Begin: { prologue: "", mode: "conversational", inputs: {} },
  Answer: { content: "" },
  // auto_play: the message is read aloud with the team's TTS model (audio_binary in its message events)
  Message: { content: [""], auto_play: false },
  Retrieval: {
    kb_ids: [],
    query: "{sys.query}",
    similarity_threshold: 0.2,
    keywords_similarity_weight: 0.7,
    top_n: 8,
    empty_response: "",
  },
  // top_p, presence_penalty and frequency_penalty are sent only when set (RAGFlow's per-parameter switches)
  Generate: {
    llm_id: "",
    sys_prompt: "",
    prompt: "{sys.query}",
    temperature: 0.1,
    max_tokens: 512,
    cite: true,
    message_history_window_size: 12,
  },
  Categorize: { llm_id: "", query: "{sys.query}", category_description: {} },
  Relevant: { llm_id: "", query: "{sys.query}", criteria: "", yes: "", no: "" },
  RewriteQuestion: { llm_id: "", query: "{sys.query}" },
  KeywordExtract: { llm_id: "", query: "{sys.query}", top_n: 5 },
  Switch: { conditions: [], end_cpn_ids: [] },
  Iteration: { items_ref: "", delimiter: "," },
  IterationItem: {},
  Template: { content: "" },
  Invoke: { url: "", method: "GET", timeout: 60, headers: "{}", variables: [], clean_html: false, datatype: "json" },
  Concentrator: {},
  Note: { text: "" },
  Email: {
    smtp_server: "",
    smtp_port: 465,
    email: "",
    password: "",
    sender_name: "",
    to: "",
    subject: "",
    content: "",
  },
  // search and data tools: `base_url` points at the service (tests point it at local stand-ins)
  Wikipedia: { query: "{sys.query}", language: "de", top_n: 5, base_url: "" },
  DuckDuckGo: { query: "{sys.query}", top_n: 5, base_url: "https://api.duckduckgo.com" },
  PubMed: { query: "{sys.query}", email: "", top_n: 5, base_url: "https://eutils.ncbi.nlm.nih.gov/entrez/eutils" },
  ArXiv: { query: "{sys.query}", top_n: 5, sort_by: "relevance", base_url: "https://export.arxiv.org" },
  Google: {
    query: "{sys.query}",
    api_key: "",
    country: "de",
    language: "de",
    top_n: 5,
    base_url: "https://serpapi.com",
  },
  Bing: { query: "{sys.query}", api_key: "", top_n: 5, base_url: "https://api.bing.microsoft.com" },
  Tavily: { query: "{sys.query}", api_key: "", top_n: 5, search_depth: "basic", base_url: "https://api.tavily.com" },
  SearXNG: { query: "{sys.query}", searxng_url: "", top_n: 5 },
  GitHub: { query: "{sys.query}", top_n: 5, base_url: "https://api.github.com" },
  YahooFinance: { symbol: "{sys.query}", base_url: "https://query1.finance.yahoo.com" },
  DeepL: { text: "{sys.query}", auth_key: "", target_lang: "EN", base_url: "https://api-free.deepl.com" },
  Translate: { llm_id: "", text: "{sys.query}", target_lang: "English" },
  Crawler: { url: "{sys.query}", extract_type: "text" },
  QWeather: {
    location: "{sys.query}",
    api_key: "",
    period: "now",
    lang: "de",
    base_url: "https://devapi.qweather.com",
    geo_url: "https://geoapi.qweather.com",
  },
  // the team's own Cloudflare D1 database, through Cloudflare's D1 HTTP API
  ExeSQL: {
    sql: "",
    account_id: "",
    database_id: "",
    api_token: "",
    max_records: 1024,
    base_url: "https://api.cloudflare.com",
  },
  // RAGFlow v0.27's data and control-flow components (agent-flow-params.ts checks their params)
  Loop: { loop_variables: [], loop_termination_condition: [], logical_operator: "and", maximum_loop_count: 10 },
  LoopItem: {},
  ExitLoop: {},
  VariableAssigner: { variables: [] },
  VariableAggregator: { groups: [] },
  DataOperations: {
    query: [],
    operations: "select_keys",
    select_keys: [],
    filter_values: [],
    updates: [],
    remove_keys: [],
    rename_keys: [],
  },
  ListOperations: {
    query: "",
    operations: "nth",
    n: 1,
    strict: false,
    sort_method: "asc",
    sort_by: "",
    filter: { operator: "=", value: "" },
  },
  StringTransform: { method: "merge", script: "", split_ref: "", delimiters: [","] },
  // RAGFlow v0.27's LLM: a system prompt and user prompts (a list of {role, content}), sampling switched on per
  // parameter (temperatureEnabled, ...); outputs.structured, a JSON schema, asks for a JSON answer instead of text
  LLM: { ...LLM_DEFAULTS },
  // RAGFlow v0.27's Agent: an LLM that may call tools (components, other Agents among them) for up to max_rounds
  Agent: { ...LLM_DEFAULTS, tools: [], max_rounds: 5, description: "", user_prompt: "" },
  TavilySearch: {
    query: "{sys.query}",
    api_key: "",
    search_depth: "basic",
    topic: "general",
    max_results: 6,
    days: 14,
    include_domains: [],
    exclude_domains: [],
    base_url: "https://api.tavily.com",
  },
  TavilyExtract: {
    urls: "",
    api_key: "",
    extract_depth: "basic",
    format: "markdown",
    base_url: "https://api.tavily.com",
  },
  // human in the loop: the run pauses and asks the user for `inputs` (fields shaped like Begin's), showing `tips`
  UserFillUp: { enable_tips: true, tips: "Please fill up the form", inputs: {} },
  // the content (Markdown with variables) as a file in R2: pdf, docx, markdown, txt or html (RAGFlow's defaults)
  DocGenerator: {
    output_format: "pdf",
    content: "",
    filename: "",
    header_text: "",
    footer_text: "",
    watermark_text: "",
    add_page_numbers: true,
    add_timestamp: true,
    include_download_info_in_content: false,
    font_size: 12,
  },
};

// Component parameters that hold credentials: password fields in the forms, "***" in traces and events.
export const SECRET_PARAMS = ["password", "api_key", "auth_key", "api_token"] as const;
// Parameters whose value may carry credentials inside it (an Invoke's request headers, a webhook Begin's security).
export const SECRET_BEARING_PARAMS = ["headers", "security"] as const;

// Credentials stay out of traces, events and what a non-editor reads: the credential parameters, anything named
// like one (an `env.smtp_password` global too), and request headers.
// "token" only as a name's last word (api_token, access_token), so max_tokens is not one
const SECRET_NAME = /password|secret|authorization|api_key|auth_key|(^|[._])(\w+_)?token$/i;
export const isSecretParam = (key: string) =>
  (SECRET_PARAMS as readonly string[]).includes(key) ||
  (SECRET_BEARING_PARAMS as readonly string[]).includes(key) ||
  SECRET_NAME.test(key);

// An Agent's tools carry their own params (and a sub-agent its tools): masked the same way, all the way down.
const maskTools = (tools: unknown) =>
  Array.isArray(tools)
    ? tools.map((tool) =>
        typeof tool === "object" && tool !== null && typeof (tool as AgentTool).params === "object"
          ? { ...tool, params: maskSecrets((tool as AgentTool).params ?? {}) }
          : tool,
      )
    : tools;

export const maskSecrets = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      isSecretParam(key) && value ? "***" : key === "tools" ? maskTools(value) : value,
    ]),
  );

export const WEATHER_PERIODS = ["now", "3d", "7d", "10d", "15d", "30d"] as const;

export const REQUIRED_PARAMS: Partial<Record<ComponentName, string[]>> = {
  Message: ["content"],
  Retrieval: ["kb_ids"],
  Generate: ["prompt"],
  Categorize: ["category_description"],
  Relevant: ["criteria"],
  Template: ["content"],
  Invoke: ["url"],
  Iteration: ["items_ref"],
  Email: ["smtp_server", "email", "password", "to", "content"],
  Google: ["api_key"],
  Bing: ["api_key"],
  Tavily: ["api_key"],
  SearXNG: ["searxng_url"],
  DeepL: ["auth_key"],
  QWeather: ["api_key", "location"],
  Crawler: ["url"],
  ExeSQL: ["sql", "account_id", "database_id", "api_token"],
  ListOperations: ["query"],
  TavilySearch: ["api_key"],
  TavilyExtract: ["api_key"],
  DocGenerator: ["content"],
};

export const COMPONENT_OUTPUTS: Record<ComponentName, string[]> = {
  Begin: ["query"],
  Answer: ["content"],
  Message: ["content"],
  Retrieval: ["formalized_content", "json"],
  Generate: ["content"],
  Categorize: ["category_name"],
  Relevant: ["result"],
  RewriteQuestion: ["content"],
  KeywordExtract: ["content"],
  Switch: [],
  // item and index are the current ones while the components inside run
  Iteration: ["results", "content", "item", "index"],
  IterationItem: [],
  Template: ["content"],
  Invoke: ["result"],
  Concentrator: [],
  Note: [],
  Email: ["success", "content"],
  Wikipedia: ["formalized_content", "json"],
  DuckDuckGo: ["formalized_content", "json"],
  PubMed: ["formalized_content", "json"],
  ArXiv: ["formalized_content", "json"],
  Google: ["formalized_content", "json"],
  Bing: ["formalized_content", "json"],
  Tavily: ["formalized_content", "json"],
  SearXNG: ["formalized_content", "json"],
  GitHub: ["formalized_content", "json"],
  YahooFinance: ["content", "json"],
  DeepL: ["content"],
  Translate: ["content"],
  Crawler: ["content"],
  QWeather: ["content", "json"],
  ExeSQL: ["formalized_content", "json"],
  // a Loop's outputs are its loop variables, a VariableAggregator's its group names (componentOutputs)
  Loop: [],
  LoopItem: [],
  ExitLoop: [],
  VariableAssigner: [],
  VariableAggregator: [],
  DataOperations: ["result"],
  ListOperations: ["result", "first", "last"],
  StringTransform: ["result"],
  LLM: ["content", "structured"],
  Agent: ["content", "structured"],
  TavilySearch: ["formalized_content", "json"],
  TavilyExtract: ["json"],
  // and one output per field of its inputs (componentOutputs)
  UserFillUp: ["tips"],
  // download: RAGFlow's JSON of the file; link: the same as a Markdown link for a Message
  DocGenerator: ["doc_id", "filename", "mime_type", "size", "download", "link"],
};

// What an Agent may call: components that take their input from a few arguments the model fills in.
export const AGENT_TOOL_COMPONENTS = [
  "Retrieval",
  "Wikipedia",
  "DuckDuckGo",
  "PubMed",
  "ArXiv",
  "Google",
  "Bing",
  "Tavily",
  "TavilySearch",
  "TavilyExtract",
  "SearXNG",
  "GitHub",
  "YahooFinance",
  "DeepL",
  "Crawler",
  "QWeather",
  "ExeSQL",
  "Email",
  "Invoke",
  "Agent",
] as const satisfies readonly ComponentName[];
export type AgentToolName = (typeof AGENT_TOOL_COMPONENTS)[number];

// One entry of an Agent's `tools`, as RAGFlow v0.27 writes it.
export type AgentTool = { component_name: string; name?: string; id?: string; params?: Record<string, unknown> };

export const MAX_ROUNDS_LIMIT = 50;

// Params the model fills in when it calls a tool: a tool needs no value of its own for them.
const TOOL_ARGUMENT_PARAMS = ["query", "to", "subject", "content", "location", "sql", "url", "urls", "text", "symbol"];

// The positions of an Agent's tools that lack a value they need (an API key, knowledge bases, ...).
export const incompleteTools = (tools: unknown): number[] =>
  (Array.isArray(tools) ? (tools as AgentTool[]) : []).flatMap((tool, i) => {
    const required = (REQUIRED_PARAMS[tool?.component_name as ComponentName] ?? []).filter(
      (key) => !TOOL_ARGUMENT_PARAMS.includes(key),
    );
    const params = tool?.params ?? {};
    const missing = required.some((key) => {
      const value = params[key];
      return (
        value === undefined ||
        value === null ||
        String(value).trim() === "" ||
        (Array.isArray(value) && value.length === 0)
      );
    });
    return missing ? [i] : [];
  });

// The user prompt of an LLM or Agent: RAGFlow writes a list of {role, content}, older flows a text.
export const userPromptOf = (params: Record<string, unknown>) => {
  const prompts = params.prompts;
  if (typeof prompts === "string") return prompts;
  if (!Array.isArray(prompts)) return "";
  return prompts
    .filter((prompt): prompt is { content: unknown } => typeof prompt === "object" && prompt !== null)
    .map((prompt) => String(prompt.content ?? ""))
    .join("\n");
};

// What is wrong with an Agent's tools (a component that cannot be a tool, a list that is none, a max_rounds out
// of range), nested sub-agents included; null when nothing is.
export const agentToolProblem = (obj: { component_name: string; params: Record<string, unknown> }): string | null => {
  if (obj.component_name !== "Agent") return null;
  const rounds = obj.params.max_rounds;
  if (
    rounds !== undefined &&
    (!Number.isInteger(rounds) || (rounds as number) < 0 || (rounds as number) > MAX_ROUNDS_LIMIT)
  )
    return `\`max_rounds\` should be a whole number from 0 to ${MAX_ROUNDS_LIMIT}`;
  const tools = obj.params.tools ?? [];
  if (!Array.isArray(tools)) return "`tools` should be a list";
  for (const [i, tool] of tools.entries()) {
    const name = (tool as AgentTool | null)?.component_name;
    if (!(AGENT_TOOL_COMPONENTS as readonly unknown[]).includes(name))
      return `\`tools[${i}]\`: ${String(name)} cannot be an Agent's tool (possible: ${AGENT_TOOL_COMPONENTS.join(", ")})`;
    const nested = agentToolProblem({ component_name: String(name), params: (tool as AgentTool).params ?? {} });
    if (nested) return `\`tools[${i}]\` (${String(name)}): ${nested}`;
  }
  return agentMcpProblem(obj.params.mcp);
};

const namesOf = (entries: unknown, key: string) =>
  (Array.isArray(entries) ? entries : [])
    .map((entry) => (entry as Record<string, unknown> | null)?.[key])
    .filter((name): name is string => typeof name === "string" && name !== "");

// What a component offers to later ones: its fixed outputs, and those its params name (Begin's inputs, a Loop's
// variables, a VariableAggregator's groups).
export const componentOutputs = (name: ComponentName, params: Record<string, unknown>): string[] => {
  const fixed = COMPONENT_OUTPUTS[name];
  if (name === "Begin" || name === "UserFillUp")
    return [...fixed, ...Object.keys((params.inputs ?? {}) as Record<string, unknown>)];
  if (name === "Loop") return namesOf(params.loop_variables, "variable");
  if (name === "VariableAggregator") return namesOf(params.groups, "group_name");
  return fixed;
};

// Components that hold others (a group on the canvas), with the start node each comes with.
export const CONTAINER_STARTS: Partial<Record<ComponentName, ComponentName>> = {
  Iteration: "IterationItem",
  Loop: "LoopItem",
};
export const isContainerStart = (name: ComponentName) => Object.values(CONTAINER_STARTS).includes(name);

// Components whose outgoing connections are branches: each handle of the node is one branch.
export const BRANCHING: Partial<Record<ComponentName, true>> = { Categorize: true, Switch: true, Relevant: true };
export const ELSE_HANDLE = "else";
export const caseHandle = (index: number) => `case-${index}`;
