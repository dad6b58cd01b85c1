import { BUILTIN_CHAT_ID } from "../../../contract/chats";
import { toolsUnsupportedMessage } from "../../../contract/tool-calling";
import { visibleAnswer } from "../../../platform/providers/openai-compatible";
import type {
  ChatMessage,
  TokenUsage,
  ToolCall,
  ToolChatMessage,
  ToolRoundPart,
  ToolSpec,
} from "../../../platform/providers/types";
import type { ServiceContext } from "../../context";
import { resolveChat } from "../../models/resolve";
import { recordUsage } from "../../models/usage";

const SAMPLING = ["top_p", "presence_penalty", "frequency_penalty"] as const;

// The optional sampling parameters a component sets (a DSL from RAGFlow carries them; absent means the model's own).
const samplingOf = (params: Record<string, unknown>) =>
  Object.fromEntries(
    SAMPLING.filter((key) => typeof params[key] === "number" && Number.isFinite(params[key])).map((key) => [
      key,
      params[key] as number,
    ]),
  );

// RAGFlow v0.27 switches each sampling parameter on and off (temperatureEnabled, maxTokensEnabled, ...): a value
// whose switch is off is not sent.
const SWITCHES = {
  temperature: "temperatureEnabled",
  max_tokens: "maxTokensEnabled",
  top_p: "topPEnabled",
  presence_penalty: "presencePenaltyEnabled",
  frequency_penalty: "frequencyPenaltyEnabled",
} as const;
const switchedOn = (params: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(params).filter(
      ([key]) => !(key in SWITCHES) || params[SWITCHES[key as keyof typeof SWITCHES]] !== false,
    ),
  );

const optionsOf = (params: Record<string, unknown>, signal: AbortSignal) => {
  const on = switchedOn(params);
  return {
    ...(params.temperatureEnabled === false ? {} : { temperature: Number(params.temperature ?? 0.1) }),
    ...(on.max_tokens ? { max_tokens: Number(on.max_tokens) } : {}),
    ...samplingOf(on),
    signal,
  };
};

const modelIdOf = async (params: Record<string, unknown>, defaultModel: () => Promise<string>) =>
  String(params.llm_id || (await defaultModel()));

type OnDelta = (delta: string) => Promise<void>;

// Hands a streamed answer over as it grows, thinking left out; answers the whole visible text.
const streamVisible = async (
  parts: AsyncIterable<ToolRoundPart>,
  onDelta: OnDelta,
  onUsage: (usage: TokenUsage) => Promise<void>,
  calls: ToolCall[] = [],
) => {
  let streamed = "";
  let shown = "";
  for await (const part of parts) {
    if ("usage" in part) await onUsage(part.usage);
    else if ("call" in part) calls.push(part.call);
    else {
      streamed += part.delta;
      const visible = visibleAnswer(streamed);
      if (visible.length > shown.length) await onDelta(visible.slice(shown.length));
      shown = visible;
    }
  }
  const answer = visibleAnswer(streamed, true);
  if (answer.length > shown.length) await onDelta(answer.slice(shown.length));
  return answer;
};

// A component's chat model with function calling: one round, the model's text and the tool calls it asks for;
// with `onDelta` the text streams as it comes. Only adapters whose wire format carries tools offer it; any other
// model is refused by name.
export const agentToolLlm =
  (ctx: ServiceContext, params: Record<string, unknown>, signal: AbortSignal, defaultModel: () => Promise<string>) =>
  async (messages: ToolChatMessage[], tools: ToolSpec[], onDelta?: OnDelta) => {
    const id = await modelIdOf(params, defaultModel);
    if (id === BUILTIN_CHAT_ID) throw new Error(toolsUnsupportedMessage(id));
    const model = await resolveChat(ctx, ctx.actor.tenantId, id);
    if (!model.completeWithTools) throw new Error(toolsUnsupportedMessage(id));
    const options = optionsOf(params, signal);
    const record = (usage: TokenUsage) => recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
    if (onDelta && model.streamWithTools) {
      const calls: ToolCall[] = [];
      const text = await streamVisible(model.streamWithTools(messages, tools, options), onDelta, record, calls);
      return { text, calls };
    }
    const { text, calls, usage } = await model.completeWithTools(messages, tools, options);
    await record(usage);
    if (onDelta && text) await onDelta(text);
    return { text, calls };
  };

// A component's chat model: its llm_id, else the team's default; null means the built-in offline model.
// With `onDelta` the answer is streamed, each piece handed over as it comes.
export const agentLlm =
  (ctx: ServiceContext, params: Record<string, unknown>, signal: AbortSignal, defaultModel: () => Promise<string>) =>
  async (messages: ChatMessage[], onDelta?: OnDelta) => {
    const id = await modelIdOf(params, defaultModel);
    if (id === BUILTIN_CHAT_ID) return null;
    const model = await resolveChat(ctx, ctx.actor.tenantId, id);
    const options = optionsOf(params, signal);
    const record = (usage: TokenUsage) => recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
    if (!onDelta) {
      const { text, usage } = await model.complete(messages, options);
      await record(usage);
      return text;
    }
    return streamVisible(model.stream(messages, options), onDelta, record);
  };
