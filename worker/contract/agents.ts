import * as v from "valibot";
import { FLOW_PARAM_SCHEMAS } from "./agent-flow-params";
import type { Reference } from "./chats";
import { agentToolProblem } from "./agent-components";
import { METADATA_OPERATORS } from "./metadata-condition";
import { bool, msg, oneOf, queryBool, queryInt, str } from "./pydantic";
import {
  type CanvasCategory,
  CanvasCategorySchema,
  canvasCategoryProblem,
  DATAFLOW_PARAM_SCHEMAS,
  inferCanvasCategory,
} from "./dataflow";

// The agent ("Buddy") DSL, RAGFlow's shape: components by id, each with its component name and params and the
// ids it leads to; `graph` is the editor's React Flow state (positions, edges with handles), not read by the engine.
export const COMPONENT_NAMES = [
  "Begin",
  "Answer",
  "Message",
  "Retrieval",
  "Generate",
  "Categorize",
  "Relevant",
  "RewriteQuestion",
  "KeywordExtract",
  "Switch",
  "Iteration",
  "IterationItem",
  "Template",
  "Invoke",
  "Concentrator",
  "Note",
  "Email",
  "Wikipedia",
  "DuckDuckGo",
  "PubMed",
  "ArXiv",
  "Google",
  "Bing",
  "Tavily",
  "SearXNG",
  "GitHub",
  "YahooFinance",
  "DeepL",
  "Translate",
  "Crawler",
  "QWeather",
  "ExeSQL",
  "Loop",
  "LoopItem",
  "ExitLoop",
  "VariableAssigner",
  "VariableAggregator",
  "DataOperations",
  "ListOperations",
  "StringTransform",
  "LLM",
  "Agent",
  "TavilySearch",
  "TavilyExtract",
  "UserFillUp",
  "DocGenerator",
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

export const SWITCH_OPERATORS = [
  ...METADATA_OPERATORS,
  // the variable's text is one of the value's comma-separated entries (or not)
  "in",
  "not in",
] as const;
export type SwitchOperator = (typeof SWITCH_OPERATORS)[number];

export type DslComponent = {
  // an ingestion pipeline's (canvas_category dataflow_canvas) are DataflowComponentName, read by its own engine
  obj: { component_name: ComponentName; params: Record<string, unknown> };
  downstream: string[];
  upstream: string[];
  // set for components inside an Iteration
  parent_id?: string;
};

export type FlowNode = {
  id: string;
  type?: string;
  position: { x: number; y: number };
  data: { label: string; name: string; form?: Record<string, unknown> };
  parentId?: string;
  // groups (Iteration) and notes keep their size
  width?: number;
  height?: number;
};
export type FlowEdge = {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
};

export type Dsl = {
  components: Record<string, DslComponent>;
  graph: { nodes: FlowNode[]; edges: FlowEdge[] };
  // env.* variables with their default values, settable per run through `inputs`
  globals: Record<string, unknown>;
  history?: [string, string][];
  path?: string[];
};

// The data and control-flow components' params are checked by their own schemas; the others' are free-form.
const CHECKED = Object.keys(FLOW_PARAM_SCHEMAS);
const ComponentObjSchema = v.variant(
  "component_name",
  [
    ...Object.entries(FLOW_PARAM_SCHEMAS).map(([name, params]) =>
      v.object({ component_name: v.literal(name), params }),
    ),
    ...Object.entries(DATAFLOW_PARAM_SCHEMAS).map(([name, params]) =>
      v.object({ component_name: v.literal(name), params }),
    ),
    v.object({
      component_name: v.picklist(
        COMPONENT_NAMES.filter((name) => !CHECKED.includes(name)),
        "Unknown component",
      ),
      params: v.record(v.string(), v.unknown()),
    }),
  ],
  "Unknown component",
);

const DslSchema = v.object(
  {
    components: v.record(
      v.string(),
      v.pipe(
        v.object({
          obj: v.pipe(
            ComponentObjSchema,
            // an Agent's tools (and its sub-agents' tools) are components too: each must be one that can serve as a tool
            v.check(
              (obj) => agentToolProblem(obj) === null,
              (issue) =>
                agentToolProblem(issue.input as { component_name: string; params: Record<string, unknown> }) ?? "",
            ),
          ),
          downstream: v.array(v.string()),
          upstream: v.array(v.string()),
          parent_id: v.optional(v.string()),
        }),
        // a paused run resumes at a top-level component only
        v.check(
          (component) => !(component.obj.component_name === "UserFillUp" && component.parent_id),
          "UserFillUp cannot wait inside a Loop or an Iteration",
        ),
      ),
      msg.dict,
    ),
    graph: v.optional(v.object({ nodes: v.array(v.unknown()), edges: v.array(v.unknown()) }), { nodes: [], edges: [] }),
    globals: v.optional(v.record(v.string(), v.unknown()), {}),
    history: v.optional(v.array(v.unknown())),
    path: v.optional(v.array(v.string())),
  },
  msg.dict,
);

export const AGENT_TITLE_MAX = 128;
export const AGENT_PERMISSIONS = ["me", "team"] as const;

const componentNamesOf = (dsl: { components: Record<string, { obj: { component_name: string } }> }) =>
  Object.values(dsl.components).map((component) => component.obj.component_name);

// The category a create names, else the one its DSL implies (RAGFlow's templates carry it beside the DSL).
export const canvasCategoryOf = (input: {
  canvas_category?: CanvasCategory;
  dsl: { components: Record<string, { obj: { component_name: string } }> };
}): CanvasCategory => input.canvas_category ?? inferCanvasCategory(componentNamesOf(input.dsl));

// Agent components are refused in an ingestion pipeline and the pipeline's in an agent.
export const dslCategoryProblem = (
  category: CanvasCategory,
  dsl: { components: Record<string, { obj: { component_name: string } }> },
) => canvasCategoryProblem(category, componentNamesOf(dsl));

const agentEntries = {
  title: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.minLength(1, "`title` is required"),
    v.maxLength(AGENT_TITLE_MAX, msg.maxChars(AGENT_TITLE_MAX)),
  ),
  description: v.optional(v.nullable(str(0, 2000))),
  avatar: v.optional(v.nullable(v.string(msg.string))),
  permission: v.optional(oneOf(AGENT_PERMISSIONS), "me"),
  // agent_canvas (default) or dataflow_canvas (an ingestion pipeline); left out, the DSL's components decide
  canvas_category: v.optional(CanvasCategorySchema),
  dsl: DslSchema,
};

export const CreateAgentSchema = v.pipe(
  v.object(agentEntries),
  v.forward(
    v.check(
      (input) => dslCategoryProblem(canvasCategoryOf(input), input.dsl) === null,
      (issue) => {
        const input = issue.input as Parameters<typeof canvasCategoryOf>[0];
        return dslCategoryProblem(canvasCategoryOf(input), input.dsl) ?? "";
      },
    ),
    ["dsl"],
  ),
);
export type CreateAgentInput = v.InferOutput<typeof CreateAgentSchema>;

// `release: true` publishes the saved DSL (RAGFlow v0.27's release): MCP's run_buddy runs published Buddies only.
// A changed canvas_category or DSL is checked against the stored other half by the service.
export const UpdateAgentSchema = v.object({
  ...v.partial(v.object(agentEntries)).entries,
  release: v.optional(bool()),
});
export type UpdateAgentInput = v.InferOutput<typeof UpdateAgentSchema>;

export const ListAgentsQuerySchema = v.object({
  page: queryInt(1, 1),
  page_size: queryInt(30, 1, 1000),
  orderby: v.optional(oneOf(["create_time", "update_time"] as const), "update_time"),
  desc: queryBool(true),
  id: v.optional(v.string()),
  title: v.optional(v.string()),
  keywords: v.optional(v.string()),
  // RAGFlow's list filter: one category or several, comma-separated
  canvas_category: v.optional(
    v.pipe(
      v.string(),
      v.transform((raw) =>
        raw
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.array(CanvasCategorySchema),
    ),
  ),
});
export type ListAgentsQuery = v.InferOutput<typeof ListAgentsQuerySchema>;

// the agent list's paging and order, for one agent's sessions
export const ListAgentSessionsQuerySchema = v.pick(ListAgentsQuerySchema, [
  "page",
  "page_size",
  "orderby",
  "desc",
  "id",
]);
export type ListAgentSessionsQuery = v.InferOutput<typeof ListAgentSessionsQuerySchema>;

export const AgentCompletionSchema = v.object({
  agent_id: v.optional(v.string()),
  question: v.optional(v.string(msg.string)),
  query: v.optional(v.string(msg.string)),
  stream: v.optional(v.boolean(msg.boolean), false),
  session_id: v.optional(v.string()),
  inputs: v.optional(v.record(v.string(), v.unknown()), {}),
  user_id: v.optional(v.string()),
  return_trace: v.optional(v.boolean(msg.boolean), false),
  // RAGFlow's OpenAI mode of this route: the last user message is the question, the answer comes in OpenAI's shape
  "openai-compatible": v.optional(v.boolean(msg.boolean), false),
  messages: v.optional(v.array(v.looseObject({ role: v.string(msg.string), content: v.unknown() }), msg.list)),
  model: v.optional(v.string(msg.string)),
});
export type AgentCompletionInput = v.InferOutput<typeof AgentCompletionSchema>;

// a run stops after this many component executions or this long, whatever comes first; a Loop runs its body at
// most maxLoopIterations times, whatever its maximum_loop_count says
export const RUN_LIMITS = { maxSteps: 200, timeoutMs: 120_000, maxLoopIterations: 100 } as const;

// How a failed run ends its answer (RAGFlow's "**ERROR**: …" convention), so every client sees the failure.
export const agentErrorText = (error: string) => `**ERROR**: ${error}`;

export type Agent = {
  id: string;
  title: string;
  description: string | null;
  avatar: string | null;
  permission: (typeof AGENT_PERMISSIONS)[number];
  canvas_type: string;
  canvas_category: CanvasCategory;
  dsl: Dsl;
  user_id: string;
  create_time: number;
  update_time: number;
  // Buddy: whether the caller may change it (its author, or an owner or admin of the team), on GET /agents/{id}
  can_edit?: boolean;
  // an ingestion pipeline's GET /agents/{id}: the caller's datasets that parse with it (RAGFlow's `datasets`)
  datasets?: { id: string; name: string; avatar: string | null }[];
};

export const TEMPLATE_LANGUAGES = ["de", "en"] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
// the language of the flows' texts; German unless asked for English
export const AgentTemplatesQuerySchema = v.object({ language: v.optional(oneOf(TEMPLATE_LANGUAGES), "de") });

export type AgentTemplate = {
  id: string;
  title: { de: string; en: string };
  description: { de: string; en: string };
  canvas_type: string;
  canvas_category: CanvasCategory;
  dsl: Dsl;
};

// One component's run as the trace and the node_finished event show it.
export type TraceEntry = {
  component_id: string;
  component_name: ComponentName;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  error: string | null;
  // seconds, as RAGFlow's perf_counter differences
  elapsed_time: number;
  created_at: number;
};

export type AgentEvent =
  | { event: "workflow_started"; data: { inputs: Record<string, unknown> } }
  | { event: "node_started"; data: { component_id: string; component_name: ComponentName } }
  | { event: "node_finished"; data: TraceEntry }
  // audio_binary: hex of the audio of the sentences this piece finishes (a Message with auto_play)
  | { event: "message"; data: { content: string; audio_binary?: string } }
  | { event: "message_end"; data: { reference: Reference | null } }
  // a UserFillUp paused the run: the fields to fill in and its tips; the next completion in the session answers
  | { event: "user_inputs"; data: { inputs: Record<string, BeginInputSpec>; tips: string } }
  | {
      event: "workflow_finished";
      data: { outputs: Record<string, unknown>; elapsed_time: number; error: string | null };
    };

// A Begin input as the flow declares it: RAGFlow's query types line, paragraph, options (one of `options`),
// file (the run gets the file's text, read by POST /agents/{id}/upload), integer (Buddy's editor writes number)
// and boolean.
// What POST /agents/{id}/upload answers: the text of a file for a Begin file input, cut at AGENT_FILE_TEXT_MAX.
export const AGENT_FILE_TEXT_MAX = 100_000;
export type AgentInputFile = { name: string; size: number; content: string; truncated: boolean };

export type BeginInputSpec = { name?: string; optional?: boolean; type?: string; options?: unknown };

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";

// The Begin inputs a run needs but lacks (not optional, not a yes/no, no value): checked by the test run, the
// share page and the server alike.
export const missingBeginInputs = (inputs: Record<string, BeginInputSpec>, values: Record<string, unknown>) =>
  Object.entries(inputs)
    .filter(([key, input]) => !input.optional && input.type !== "boolean" && isBlank(values[key]))
    .map(([key]) => key);

// Buddy's editor writes "number", RAGFlow's flows "integer".
export const isNumberInput = (input: BeginInputSpec | undefined) =>
  input?.type === "number" || input?.type === "integer";

export const beginOptions = (input: BeginInputSpec) =>
  Array.isArray(input.options) ? input.options.map(String).filter((option) => option.trim() !== "") : [];

// Options inputs that offer nothing to choose: the editor marks them, the server refuses to run them.
export const inputsWithoutOptions = (inputs: Record<string, BeginInputSpec>) =>
  Object.entries(inputs)
    .filter(([, input]) => input.type === "options" && beginOptions(input).length === 0)
    .map(([key]) => key);

// The Begin inputs given a value that does not fit: a choice outside the options, a number that is not one.
export const invalidBeginInputs = (inputs: Record<string, BeginInputSpec>, values: Record<string, unknown>) =>
  Object.entries(inputs)
    .filter(([key, input]) => {
      const value = values[key];
      if (isBlank(value)) return false;
      if (input.type === "options") return !beginOptions(input).includes(String(value));
      if (isNumberInput(input)) return !Number.isFinite(Number(value));
      return false;
    })
    .map(([key]) => key);

// A UserFillUp's answer per field: RAGFlow's clients send the field back with its `value`, others the value alone.
export const fillUpAnswers = (inputs: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(inputs).map(([key, value]) => [
      key,
      typeof value === "object" && value !== null && !Array.isArray(value) && "value" in value
        ? (value as { value: unknown }).value
        : value,
    ]),
  );

// Where a UserFillUp paused a session's run: the component, the fields it asks for and its tips.
export type PendingFillUp = { component_id: string; inputs: Record<string, BeginInputSpec>; tips: string };
