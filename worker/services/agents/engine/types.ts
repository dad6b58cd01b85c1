import type { AgentTool } from "../../../contract/agent-components";
import type { AgentEvent, BeginInputSpec, ComponentName, DslComponent } from "../../../contract/agents";
import type { ChatMessage, ToolCall, ToolChatMessage, ToolSpec } from "../../../platform/providers/types";
import type { ServiceContext } from "../../context";
import type { RunValues } from "./variables";

// What a component sees of the run.
export type ComponentRun = {
  ctx: ServiceContext;
  id: string;
  component: DslComponent;
  params: Record<string, unknown>;
  values: RunValues;
  history: [string, string][];
  // the agent's author: Retrieval reads the knowledge bases the author may see
  authorId: string;
  // the flow being run (a DocGenerator files its documents under it)
  agentId: string;
  signal: AbortSignal;
  emit: (event: AgentEvent) => Promise<void>;
  render: (template: unknown) => string;
  resolve: (reference: unknown) => unknown;
  // the chat model of the params (llm_id), or null for the built-in offline model, which writes no text itself;
  // with onDelta the answer streams
  llm: (messages: ChatMessage[], onDelta?: (delta: string) => Promise<void>) => Promise<string | null>;
  // one round of function calling with the params' model, its text streaming with onDelta; throws when the model
  // cannot call tools
  llmWithTools: (
    messages: ToolChatMessage[],
    tools: ToolSpec[],
    onDelta?: (delta: string) => Promise<void>,
  ) => Promise<{ text: string; calls: ToolCall[] }>;
  // runs a component as a tool of this one (an Agent's), the model's arguments over its params; it shows in the
  // trace as "<this id>--><tool name>"
  runTool: (
    tool: AgentTool,
    args: Record<string, unknown>,
  ) => Promise<{ outputs: Record<string, unknown>; error: string | null }>;
  // the arguments this component was called with, when it runs as a tool
  toolArgs: Record<string, unknown> | null;
  // the user's answers, for the UserFillUp the run resumes at
  answers: Record<string, unknown> | null;
  // set when the component's content goes straight to the user (a Message or Answer shows it unchanged next):
  // text handed here is shown as it is written
  say: ((delta: string) => Promise<void>) | null;
  // runs the components of an Iteration once per item
  runChildren: (parentId: string, item: unknown, index: number) => Promise<Record<string, unknown> | null>;
  // runs the components of a Loop once; exited: an ExitLoop among them ran
  runBody: (parentId: string) => Promise<{ exited: boolean }>;
};

export type ComponentResult = {
  outputs: Record<string, unknown>;
  // branching components say where to go; others continue downstream
  next?: string[];
  // text shown to the user in this turn
  message?: string;
  // an Answer ends the turn; the next question continues after it
  pause?: boolean;
  // an ExitLoop: the Loop around it stops after this
  exitLoop?: boolean;
  // a UserFillUp without answers: the run pauses here until the user fills in these fields
  awaiting?: { inputs: Record<string, BeginInputSpec>; tips: string };
};

export type ComponentImpl = { name: ComponentName; run: (run: ComponentRun) => Promise<ComponentResult> };
