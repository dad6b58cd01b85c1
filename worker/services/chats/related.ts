import { BUILTIN_CHAT_ID } from "../../contract/chats";
import { relatedQuestionsPrompt } from "../../rag/chat/prompts";
import type { ServiceContext } from "../context";
import { teamChatModelId } from "../models/team-chat-model";
import { resolveChat } from "../models/resolve";
import { recordUsage } from "../models/usage";

const NUMBERED = /^\s*\d+\.\s*(.+)$/;

// RAGFlow's related questions: 5–10 rephrasings from the tenant's chat model (none with the built-in one);
// a search app passes its own model and temperature.
export const relatedQuestions = async (
  ctx: ServiceContext,
  question: string,
  options: { llmId?: string; temperature?: number } = {},
) => {
  const llmId = options.llmId || (await teamChatModelId(ctx));
  if (llmId === BUILTIN_CHAT_ID) return [];
  const model = await resolveChat(ctx, ctx.actor.tenantId, llmId);
  const { text, usage } = await model.complete(relatedQuestionsPrompt(question), {
    temperature: options.temperature ?? 0.9,
  });
  await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
  return text
    .split("\n")
    .map((line) => NUMBERED.exec(line)?.[1]?.trim())
    .filter((line): line is string => Boolean(line))
    .slice(0, 10);
};
