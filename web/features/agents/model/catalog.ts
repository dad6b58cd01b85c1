import { COMPONENT_NAMES, type ComponentName } from "../../../../worker/contract/agents";
import type { DataflowComponentName } from "../../../../worker/contract/dataflow";

// What the palette offers, grouped: everything but Begin (one per agent) and the start nodes IterationItem and
// LoopItem (each comes with its Iteration or Loop).
export const PALETTE_GROUPS = {
  basics: ["Answer", "Message", "UserFillUp", "Template", "Concentrator", "Note"],
  models: [
    "Retrieval",
    "Generate",
    "Categorize",
    "Relevant",
    "RewriteQuestion",
    "KeywordExtract",
    "Translate",
    "LLM",
    "Agent",
  ],
  flow: ["Switch", "Iteration", "Loop", "ExitLoop", "VariableAssigner", "VariableAggregator"],
  data: ["DataOperations", "ListOperations", "StringTransform"],
  search: [
    "Wikipedia",
    "DuckDuckGo",
    "PubMed",
    "ArXiv",
    "Google",
    "Bing",
    "Tavily",
    "SearXNG",
    "GitHub",
    "TavilySearch",
  ],
  tools: ["Invoke", "Email", "Crawler", "DeepL", "YahooFinance", "QWeather", "ExeSQL", "TavilyExtract", "DocGenerator"],
} as const satisfies Record<string, readonly ComponentName[]>;

export const PALETTE: ComponentName[] = Object.values(PALETTE_GROUPS).flat();

// Components without an error-handling section: nothing of theirs can fail in a way worth handling.
const NO_ERROR_HANDLING: ComponentName[] = [
  "Begin",
  "Answer",
  "Message",
  "Note",
  "Concentrator",
  "IterationItem",
  "Switch",
  "Iteration",
  "LoopItem",
  "ExitLoop",
  "UserFillUp",
];
export const HANDLES_ERRORS: ComponentName[] = COMPONENT_NAMES.filter((name) => !NO_ERROR_HANDLING.includes(name));

const SEARCH_COLOR = "blue";
const TOOL_COLOR = "pink";

export const COMPONENT_COLORS: Record<ComponentName | DataflowComponentName, string> = {
  Begin: "green",
  Answer: "teal",
  Message: "teal",
  Retrieval: "blue",
  Generate: "purple",
  Categorize: "orange",
  Relevant: "orange",
  RewriteQuestion: "purple",
  KeywordExtract: "purple",
  Switch: "orange",
  Iteration: "cyan",
  IterationItem: "cyan",
  Template: "gray",
  Invoke: TOOL_COLOR,
  Concentrator: "gray",
  Note: "yellow",
  Email: TOOL_COLOR,
  Wikipedia: SEARCH_COLOR,
  DuckDuckGo: SEARCH_COLOR,
  PubMed: SEARCH_COLOR,
  ArXiv: SEARCH_COLOR,
  Google: SEARCH_COLOR,
  Bing: SEARCH_COLOR,
  Tavily: SEARCH_COLOR,
  SearXNG: SEARCH_COLOR,
  GitHub: SEARCH_COLOR,
  YahooFinance: TOOL_COLOR,
  DeepL: TOOL_COLOR,
  Translate: "purple",
  Crawler: TOOL_COLOR,
  QWeather: TOOL_COLOR,
  ExeSQL: TOOL_COLOR,
  Loop: "cyan",
  LoopItem: "cyan",
  ExitLoop: "cyan",
  VariableAssigner: "orange",
  VariableAggregator: "orange",
  DataOperations: "gray",
  ListOperations: "gray",
  StringTransform: "gray",
  LLM: "purple",
  Agent: "purple",
  TavilySearch: SEARCH_COLOR,
  TavilyExtract: TOOL_COLOR,
  UserFillUp: "teal",
  DocGenerator: TOOL_COLOR,
  File: "green",
  Parser: "blue",
  TokenChunker: "orange",
  TitleChunker: "orange",
  Extractor: "purple",
  Tokenizer: "teal",
  Compiler: "cyan",
};
