import type { ComponentName } from "../../../contract/agents";
import type { ComponentImpl } from "../engine/types";
import { dataOperations } from "./data-operations";
import { docGenerator } from "./doc-generator";
import { agent, llm } from "./agent";
import { crawler, deepl, qweather, translate, yahooFinance } from "./data-tools";
import { email } from "./email";
import { exeSql } from "./exe-sql";
import { invoke } from "./invoke";
import { iteration } from "./iteration";
import { listOperations } from "./list-operations";
import { exitLoop, loop, loopItem } from "./loop";
import { generate, keywordExtract, rewriteQuestion } from "./llm";
import { retrieval } from "./retrieval";
import { categorize, relevant, switchComponent } from "./routing";
import { SEARCH_TOOLS } from "./search-tools";
import { stringTransform } from "./string-transform";
import { answer, begin, concentrator, iterationItem, message, note, template } from "./text";
import { variableAggregator } from "./variable-aggregator";
import { userFillUp } from "./user-fill-up";
import { variableAssigner } from "./variable-assigner";

const byName = (name: ComponentName) => SEARCH_TOOLS.find((tool) => tool.name === name) as ComponentImpl;

export const COMPONENTS: Record<ComponentName, ComponentImpl> = {
  Begin: begin,
  Answer: answer,
  Message: message,
  Retrieval: retrieval,
  Generate: generate,
  Categorize: categorize,
  Relevant: relevant,
  RewriteQuestion: rewriteQuestion,
  KeywordExtract: keywordExtract,
  Switch: switchComponent,
  Iteration: iteration,
  IterationItem: iterationItem,
  Template: template,
  Invoke: invoke,
  Concentrator: concentrator,
  Note: note,
  Email: email,
  Wikipedia: byName("Wikipedia"),
  DuckDuckGo: byName("DuckDuckGo"),
  PubMed: byName("PubMed"),
  ArXiv: byName("ArXiv"),
  Google: byName("Google"),
  Bing: byName("Bing"),
  Tavily: byName("Tavily"),
  SearXNG: byName("SearXNG"),
  GitHub: byName("GitHub"),
  YahooFinance: yahooFinance,
  DeepL: deepl,
  Translate: translate,
  Crawler: crawler,
  QWeather: qweather,
  ExeSQL: exeSql,
  Loop: loop,
  LoopItem: loopItem,
  ExitLoop: exitLoop,
  VariableAssigner: variableAssigner,
  VariableAggregator: variableAggregator,
  DataOperations: dataOperations,
  ListOperations: listOperations,
  StringTransform: stringTransform,
  LLM: llm,
  Agent: agent,
  TavilySearch: byName("TavilySearch"),
  TavilyExtract: byName("TavilyExtract"),
  UserFillUp: userFillUp,
  DocGenerator: docGenerator,
};
