import type { ComponentName } from "./agents";

// Every component's parameters with their defaults (the editor's forms start from these; the engine fills
// missing ones from them), what a run must have, and the outputs other components can reference.
export const COMMON_PARAMS = {
  max_retries: 0,
  delay_after_error: 1,
  exception_method: null,
  exception_default_value: "",
  exception_goto: [] as string[],
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
};

// Component parameters that hold credentials: password fields in the forms, "***" in traces and events.
export const SECRET_PARAMS = ["password", "api_key", "auth_key", "api_token"] as const;
// Parameters whose value may carry credentials inside it (an Invoke's request headers).
export const SECRET_BEARING_PARAMS = ["headers"] as const;

// Credentials stay out of traces, events and what a non-editor reads: the credential parameters, anything named
// like one (an `env.smtp_password` global too), and request headers.
// "token" only as a name's last word (api_token, access_token), so max_tokens is not one
const SECRET_NAME = /password|secret|authorization|api_key|auth_key|(^|[._])(\w+_)?token$/i;
export const isSecretParam = (key: string) =>
  (SECRET_PARAMS as readonly string[]).includes(key) ||
  (SECRET_BEARING_PARAMS as readonly string[]).includes(key) ||
  SECRET_NAME.test(key);

export const maskSecrets = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isSecretParam(key) && value ? "***" : value]));

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
};

const namesOf = (entries: unknown, key: string) =>
  (Array.isArray(entries) ? entries : [])
    .map((entry) => (entry as Record<string, unknown> | null)?.[key])
    .filter((name): name is string => typeof name === "string" && name !== "");

// What a component offers to later ones: its fixed outputs, and those its params name (Begin's inputs, a Loop's
// variables, a VariableAggregator's groups).
export const componentOutputs = (name: ComponentName, params: Record<string, unknown>): string[] => {
  const fixed = COMPONENT_OUTPUTS[name];
  if (name === "Begin") return [...fixed, ...Object.keys((params.inputs ?? {}) as Record<string, unknown>)];
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
