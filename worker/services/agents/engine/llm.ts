import { BUILTIN_CHAT_ID } from "../../../contract/chats";
import { visibleAnswer } from "../../../platform/providers/openai-compatible";
import type { ChatMessage } from "../../../platform/providers/types";
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

// A component's chat model: its llm_id, else the team's default; null means the built-in offline model.
// With `onDelta` the answer is streamed, each piece handed over as it comes.
export const agentLlm =
  (ctx: ServiceContext, params: Record<string, unknown>, signal: AbortSignal, defaultModel: () => Promise<string>) =>
  async (messages: ChatMessage[], onDelta?: (delta: string) => Promise<void>) => {
    const id = String(params.llm_id || (await defaultModel()));
    if (id === BUILTIN_CHAT_ID) return null;
    const model = await resolveChat(ctx, ctx.actor.tenantId, id);
    const options = {
      temperature: Number(params.temperature ?? 0.1),
      ...(params.max_tokens ? { max_tokens: Number(params.max_tokens) } : {}),
      ...samplingOf(params),
      signal,
    };
    if (!onDelta) {
      const { text, usage } = await model.complete(messages, options);
      await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
      return text;
    }
    let streamed = "";
    let shown = "";
    for await (const part of model.stream(messages, options)) {
      if ("usage" in part) {
        await recordUsage(ctx, ctx.actor.tenantId, model.id, part.usage);
        continue;
      }
      streamed += part.delta;
      const visible = visibleAnswer(streamed);
      if (visible.length > shown.length) await onDelta(visible.slice(shown.length));
      shown = visible;
    }
    const answer = visibleAnswer(streamed, true);
    if (answer.length > shown.length) await onDelta(answer.slice(shown.length));
    return answer;
  };
