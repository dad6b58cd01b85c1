import { type AgentTool, MAX_ROUNDS_LIMIT } from "../../../contract/agent-components";
import type { ChatMessage, ToolChatMessage } from "../../../platform/providers/types";
import type { ComponentImpl, ComponentRun } from "../engine/types";
import { BUILTIN_NOTE, emptyResponsesOf, quotedKnowledgeAnswer } from "./llm";
import type { AgentMcpEntry } from "../../../contract/mcp-servers";
import { agentMcpBindings, type McpBinding } from "../../mcp-client/access";
import { functionName, mcpFunctionName, mcpToolSpecOf, toolSpecOf } from "./tool-specs";

const MAX_HISTORY_TURNS = 50;
// what one tool answer may add to the conversation
const TOOL_ANSWER_MAX = 20_000;

type Prompt = { role: "user" | "assistant"; content: string };

// The user prompts as RAGFlow v0.27 writes them ({role, content} list), or a text as older flows do.
const promptsOf = (params: Record<string, unknown>): Prompt[] => {
  const prompts = params.prompts;
  if (typeof prompts === "string") return [{ role: "user", content: prompts }];
  if (!Array.isArray(prompts)) return [];
  return prompts
    .filter((prompt): prompt is { role?: string; content?: unknown } => typeof prompt === "object" && prompt !== null)
    .map((prompt) => ({
      role: prompt.role === "assistant" ? "assistant" : "user",
      content: String(prompt.content ?? ""),
    }));
};

// A JSON schema (with properties) in outputs.structured asks for a JSON answer of that shape.
const schemaOf = (params: Record<string, unknown>) => {
  const structured = (params.outputs as { structured?: unknown } | undefined)?.structured as
    | Record<string, unknown>
    | undefined;
  if (!structured || typeof structured !== "object") return null;
  for (const candidate of [structured, structured.schema, structured.structured])
    if (
      candidate &&
      typeof candidate === "object" &&
      Object.keys(((candidate as Record<string, unknown>).properties ?? {}) as object).length > 0
    )
      return candidate as Record<string, unknown>;
  return null;
};

const schemaPrompt = (schema: Record<string, unknown>) =>
  `Answer with one JSON object that follows this JSON schema, nothing else (no code fences, no text around it):\n${JSON.stringify(schema, null, 2)}`;

const parseJsonAnswer = (text: string) => {
  const bare = text
    .replace(/^[\s\S]*<\/think>/, "")
    .replace(/^[\s\S]*?```(?:json)?/, "")
    .replace(/```\s*$/, "")
    .trim();
  const start = bare.search(/[[{]/);
  return JSON.parse(start > 0 ? bare.slice(start) : bare) as unknown;
};

// The conversation for the model: the system prompt, the last turns of the chat (message_history_window_size)
// and the user prompts; a prompt of the same role as the last turn takes its place.
const conversation = (run: ComponentRun, extraSystem = ""): ChatMessage[] => {
  const { params, render, history, toolArgs } = run;
  const system = [render(params.sys_prompt), extraSystem].filter(Boolean).join("\n\n");
  const window = Math.max(
    0,
    Math.min(MAX_HISTORY_TURNS, Math.trunc(Number(params.message_history_window_size ?? 12)) || 0),
  );
  const messages: ChatMessage[] = (window ? history.slice(-2 * window) : []).map(([role, content]) => ({
    role: role === "assistant" ? "assistant" : "user",
    content,
  }));
  const prompts = toolArgs?.user_prompt ? [{ role: "user" as const, content: orderOf(toolArgs) }] : promptsOf(params);
  const fromHistory = messages.length;
  for (const prompt of prompts) {
    const message = { role: prompt.role, content: render(prompt.content) };
    if (messages.length === fromHistory && messages.at(-1)?.role === message.role)
      messages[messages.length - 1] = message;
    else messages.push(message);
  }
  return [...(system ? [{ role: "system" as const, content: system }] : []), ...messages];
};

// What a calling Agent asks of a sub-agent.
const orderOf = (args: Record<string, unknown>) => {
  const parts = [
    args.reasoning ? `REASONING:\n${String(args.reasoning)}` : "",
    args.context ? `CONTEXT:\n${String(args.context)}` : "",
  ].filter(Boolean);
  return parts.length ? [...parts, `QUERY:\n${String(args.user_prompt)}`].join("\n\n") : String(args.user_prompt);
};

const structuredAnswer = async (run: ComponentRun, messages: ChatMessage[]) => {
  const attempts = 1 + Math.max(0, Number(run.params.max_retries) || 0);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const text = await run.llm(messages);
    if (text === null) throw new Error("The built-in offline model cannot write a structured answer.");
    try {
      return { structured: parseJsonAnswer(text), content: text };
    } catch {
      messages.push({ role: "assistant", content: text }, { role: "user", content: "That was no valid JSON." });
    }
  }
  throw new Error("The answer cannot be parsed as JSON.");
};

// One model answer to the prompts: streamed when a Message shows it next, JSON with a schema.
const answer = async (run: ComponentRun) => {
  const schema = schemaOf(run.params);
  if (schema) return { outputs: await structuredAnswer(run, conversation(run, schemaPrompt(schema))) };
  const messages = conversation(run);
  const text = await run.llm(messages, run.say ?? undefined);
  return { outputs: { content: text ?? offlineAnswer(run, messages) } };
};

// The built-in offline model writes nothing of its own: it answers with the knowledge base's empty response when
// every Retrieval the prompts read found nothing, quotes the Retrieval's chunks, or else shows the prompt.
const offlineAnswer = (run: ComponentRun, messages: ChatMessage[]) => {
  const { params, values } = run;
  const prompt = String(messages.at(-1)?.content ?? "");
  const system = messages[0]?.role === "system" ? String(messages[0].content) : "";
  const written = `${String(params.sys_prompt ?? "")}\n${JSON.stringify(params.prompts ?? "")}`;
  return (
    emptyResponsesOf(written, (id) => values.outputs.get(id)) ??
    quotedKnowledgeAnswer(system, prompt) ??
    `${prompt}\n\n${BUILTIN_NOTE}`
  );
};

export const llm: ComponentImpl = { name: "LLM", run: answer };

// The text of a tool's outputs that goes back to the model.
const toolAnswer = ({ outputs, error }: { outputs: Record<string, unknown>; error: string | null }) => {
  if (error) return `Error: ${error}`;
  const text = ["content", "formalized_content", "result"]
    .map((key) => outputs[key])
    .find((value): value is string => typeof value === "string" && value.trim() !== "");
  return (text ?? JSON.stringify(outputs.json ?? outputs)).slice(0, TOOL_ANSWER_MAX);
};

// A call the model got wrong (no JSON object) goes back to it as an error to correct.
const parsedArguments = (text: string): Record<string, unknown> | null => {
  try {
    const parsed = JSON.parse(text || "{}") as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

// An MCP tool's answer, its failure (isError, or no answer) an error the model reads.
const callMcpTool = async (binding: McpBinding, args: Record<string, unknown>) => {
  try {
    const { text, isError } = await binding.call(args);
    return { outputs: { content: text }, error: isError ? text || "the tool failed" : null };
  } catch (error) {
    return { outputs: {}, error: error instanceof Error ? error.message : String(error) };
  }
};

type ToolCallLog = {
  round: number;
  name: string;
  tool: string;
  arguments: unknown;
  result: string;
  error: string | null;
};

// RAGFlow v0.27's Agent: the model is offered the tools (components, sub-agents among them) and may call them,
// round by round, each result fed back, until it answers without a call. After max_rounds + 1 rounds of calls it is told so and
// asked for its answer without tools. Without tools it is an LLM. When a Message shows the answer next, every round's
// text streams as the model writes it; what the model says alongside its calls ("I'll look that up") is part of
// the answer, streamed or not, so both read the same.
export const agent: ComponentImpl = {
  name: "Agent",
  run: async (run) => {
    const tools = (Array.isArray(run.params.tools) ? run.params.tools : []) as AgentTool[];
    const mcpEntries = (Array.isArray(run.params.mcp) ? run.params.mcp : []) as AgentMcpEntry[];
    const mcp = mcpEntries.length ? await agentMcpBindings(run.ctx, mcpEntries) : [];
    if (tools.length === 0 && mcp.length === 0) return answer(run);
    const schema = schemaOf(run.params);
    const specs = [...tools.map(toolSpecOf), ...mcp.map((b, i) => mcpToolSpecOf(b.tool, tools.length + i))];
    const byName = new Map(tools.map((tool, i) => [functionName(tool, i), tool]));
    const mcpByName = new Map(mcp.map((b, i) => [mcpFunctionName(b.tool, tools.length + i), b]));
    const setRounds = Math.trunc(Number(run.params.max_rounds ?? 5));
    const maxRounds = Number.isNaN(setRounds) ? 5 : Math.max(0, Math.min(MAX_ROUNDS_LIMIT, setRounds));
    const messages: ToolChatMessage[] = conversation(run, schema ? schemaPrompt(schema) : "");
    const calls: ToolCallLog[] = [];
    const texts: string[] = [];
    const say = schema ? null : run.say;
    // one round's streamed text, a blank line after the text of earlier rounds
    const streamRound = () => {
      if (!say) return undefined;
      let started = false;
      return async (delta: string) => {
        if (!started && texts.length) await say("\n\n");
        started = true;
        await say(delta);
      };
    };
    let finished = false;
    // the text of the round without calls (or of the answer after max_rounds): the structured answer
    let final = "";
    let round = 0;
    // as RAGFlow's chat_with_tools: max_rounds + 1 rounds may call tools
    while (!finished && round <= maxRounds) {
      round++;
      const reply = await run.llmWithTools(messages, specs, streamRound());
      if (reply.text) texts.push(reply.text);
      if (reply.calls.length === 0) {
        final = reply.text;
        finished = true;
        break;
      }
      messages.push({ role: "assistant", content: reply.text, tool_calls: reply.calls });
      for (const call of reply.calls) {
        const tool = byName.get(call.name);
        const mcpTool = mcpByName.get(call.name);
        const args = parsedArguments(call.arguments);
        const outcome =
          !tool && !mcpTool
            ? { outputs: {}, error: `there is no tool ${call.name}` }
            : args === null
              ? { outputs: {}, error: "the arguments are not a JSON object" }
              : tool
                ? await run.runTool(tool, args)
                : await callMcpTool(mcpTool as McpBinding, args);
        const result = toolAnswer(outcome);
        calls.push({
          round,
          name: call.name,
          tool: tool?.component_name ?? (mcpTool ? `MCP:${mcpTool.server}` : ""),
          arguments: args ?? call.arguments,
          result,
          error: outcome.error,
        });
        messages.push({ role: "tool", tool_call_id: call.id, content: result });
      }
    }
    const exceeded = !finished;
    if (exceeded) {
      messages.push({ role: "user", content: `Exceed max rounds: ${maxRounds}` });
      final = (await run.llmWithTools(messages, [], streamRound())).text;
      if (final) texts.push(final);
    }
    const outputs = {
      content: texts.join("\n\n"),
      tool_calls: calls,
      rounds: round,
      max_rounds_exceeded: exceeded,
    };
    if (!schema) return { outputs };
    try {
      return { outputs: { ...outputs, structured: parseJsonAnswer(final) } };
    } catch {
      throw new Error("The answer cannot be parsed as JSON.");
    }
  },
};
