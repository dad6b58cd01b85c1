import { eq } from "drizzle-orm";
import { BUILTIN_CHAT_ID } from "../../../contract/chats";
import { tenants } from "../../../db/schema";
import type { ChatMessage } from "../../../platform/providers/types";
import type { ServiceContext } from "../../context";
import { resolveChat } from "../../models/resolve";
import { recordUsage } from "../../models/usage";

// A component's chat model: its llm_id, else the team's default; null means the built-in offline model.
export const agentLlm = (ctx: ServiceContext, params: Record<string, unknown>, signal: AbortSignal) => async (messages: ChatMessage[]) => {
  const tenant = params.llm_id ? null : await ctx.db.query.tenants.findFirst({ where: eq(tenants.id, ctx.actor.tenantId) });
  const id = String(params.llm_id || tenant?.llmId || BUILTIN_CHAT_ID);
  if (id === BUILTIN_CHAT_ID) return null;
  const model = await resolveChat(ctx, ctx.actor.tenantId, id);
  const { text, usage } = await model.complete(messages, {
    temperature: Number(params.temperature ?? 0.1),
    ...(params.max_tokens ? { max_tokens: Number(params.max_tokens) } : {}),
    signal,
  });
  await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
  return text;
};
