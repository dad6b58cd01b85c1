import * as v from "valibot";
import { type CompletionFrame, CompletionSchema } from "../../contract/chats";
import type { AskAssistantArgsSchema } from "../../contract/mcp";
import type { ServiceContext } from "../context";
import { asDialogTenant, getDialogInTenant } from "../chats/access";
import { prepareCompletion } from "../chats/completion";
import { citationsOf } from "./citations";

// One question to one of the caller's assistants, answered whole. Like POST /chats/{id}/completions from an API
// key, the turn is kept in a conversation (a new one unless session_id continues one), so it shows in the
// assistant's history and statistics.
export const askAssistant = async (
  ctx: ServiceContext,
  args: v.InferOutput<typeof AskAssistantArgsSchema>,
  waitUntil: (work: Promise<unknown>) => void,
) => {
  const dialog = await getDialogInTenant(ctx, args.chat_id);
  const input = v.parse(CompletionSchema, { question: args.question, session_id: args.session_id, stream: false });
  const prepared = await prepareCompletion(asDialogTenant(ctx, dialog), dialog, input, {
    userId: ctx.actor.userId,
    source: "api",
    waitUntil,
  });
  let last: CompletionFrame | undefined;
  for await (const frame of prepared.frames(new AbortController().signal, true)) last = frame;
  return {
    answer: last?.content ?? "",
    session_id: prepared.session.id,
    references: citationsOf(last?.reference),
  };
};
