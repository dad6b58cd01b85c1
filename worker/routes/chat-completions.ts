import type { Context } from "hono";
import type { CompletionFrame, CompletionInput } from "../contract/chats";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { sseResponse } from "../lib/sse";
import { serviceContext } from "../middleware/deps";
import { type PreparedCompletion, prepareCompletion } from "../services/chats/completion";
import { asDialogTenant, type Dialog } from "../services/chats/access";
import { checkChatModel } from "../services/chats/validate";

// RAGFlow's frames wrapped in its envelope; a failure mid-stream becomes an error frame, then `data: true`.
export async function* envelopes<F = CompletionFrame>(frames: AsyncGenerator<F>) {
  try {
    for await (const frame of frames) yield { code: 0, message: "", data: frame };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield { code: 500, message, data: { answer: `**ERROR**: ${message}`, reference: [] } };
  }
  yield { code: 0, message: "", data: true };
}

export const respondToCompletion = async (c: Context<AppEnv>, saved: Dialog, input: CompletionInput) => {
  const ctx = asDialogTenant(serviceContext(c), saved);
  // llm_id answers this one question with another of the team's chat models (RAGFlow's model comparison) and
  // quote switches its citations; the assistant keeps its own settings
  if (input.llm_id) await checkChatModel(ctx, input.llm_id);
  const dialog = {
    ...saved,
    llmId: input.llm_id || saved.llmId,
    promptConfig: input.quote === undefined ? saved.promptConfig : { ...saved.promptConfig, quote: input.quote },
  };
  const caller = {
    userId: input.user_id ?? c.var.actor.userId,
    source: c.var.actor.via === "session" ? ("web" as const) : ("api" as const),
    waitUntil: (work: Promise<unknown>) => c.executionCtx.waitUntil(work),
  };
  const prepared = await prepareCompletion(ctx, dialog, input, caller);
  if (input.stream) return sseResponse((signal) => envelopes(prepared.frames(signal)));
  return ok(c, await nonStreamAnswer(prepared, dialog.id));
};

// stream: false — the whole answer in RAGFlow's non-stream shape
export const nonStreamAnswer = async (prepared: PreparedCompletion, chatId: string) => {
  let last: CompletionFrame | undefined;
  for await (const frame of prepared.frames(new AbortController().signal, true)) last = frame;
  return {
    answer: last?.content ?? "",
    reference: last?.reference ?? {},
    audio_binary: last?.audio_binary ?? null,
    id: prepared.messageId,
    session_id: prepared.session.id,
    chat_id: chatId,
    prompt: last?.prompt ?? "",
    created_at: last?.created_at ?? Date.now() / 1000,
    related_questions: last?.related_questions ?? [],
    ...(last?.notice && { notice: last.notice }),
  };
};
