import { type CompletionInput, DEFAULT_DESIGN } from "../../contract/chats";
import type { SharedChatInfo } from "../../contract/share";
import type { DialogRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { prepareCompletion } from "../chats/completion";
import { toSession } from "../chats/serialize";
import {
  getConversation,
  listConversations,
  openConversation,
  removeConversations,
  renameConversation,
  setFeedback,
} from "../chats/sessions";
import type { FeedbackInput } from "../../contract/chats";
import type { ServiceContext } from "../context";

export const sharedChatInfo = (dialog: DialogRow): SharedChatInfo => ({
  id: dialog.id,
  name: dialog.name,
  icon: dialog.icon,
  description: dialog.description,
  language: dialog.language,
  prologue: dialog.promptConfig.prologue,
  suggested_questions: dialog.promptConfig.suggested_questions,
  quote: dialog.promptConfig.quote,
  tts: dialog.promptConfig.tts,
  show_images: dialog.promptConfig.show_images,
  stt: dialog.promptConfig.stt,
  variables: dialog.promptConfig.parameters.filter((parameter) => parameter.key !== "knowledge"),
  design: { ...DEFAULT_DESIGN, ...dialog.design },
});

// A visitor sees and changes only the conversations it started through this share link's chat.
const visitorConversation = async (ctx: ServiceContext, dialog: DialogRow, visitorId: string, id: string) => {
  const row = await getConversation(ctx, dialog, id);
  if (row.source !== "shared" || row.userId !== visitorId) throw dataError("Session not found!");
  return row;
};

export const visitorSessions = (ctx: ServiceContext, dialog: DialogRow, visitorId: string) =>
  listConversations(ctx, dialog, {
    page: 1,
    page_size: 100,
    orderby: "update_time",
    desc: true,
    user_id: visitorId,
  }).then((rows) => rows.filter((row) => row.source === "shared"));

export const startVisitorSession = async (ctx: ServiceContext, dialog: DialogRow, visitorId: string, name: string) =>
  toSession(await openConversation(ctx, dialog, name, visitorId, "shared"));

export const visitorSession = async (ctx: ServiceContext, dialog: DialogRow, visitorId: string, id: string) =>
  toSession(await visitorConversation(ctx, dialog, visitorId, id));

export const renameVisitorSession = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  visitorId: string,
  id: string,
  name: string | null | undefined,
) => {
  await visitorConversation(ctx, dialog, visitorId, id);
  return renameConversation(ctx, dialog, id, name);
};

export const removeVisitorSession = async (ctx: ServiceContext, dialog: DialogRow, visitorId: string, id: string) => {
  await visitorConversation(ctx, dialog, visitorId, id);
  return removeConversations(ctx, dialog, [id], false);
};

export const visitorFeedback = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  visitorId: string,
  id: string,
  messageId: string,
  input: FeedbackInput,
) => {
  await visitorConversation(ctx, dialog, visitorId, id);
  return setFeedback(ctx, dialog, id, messageId, input);
};

export const prepareVisitorCompletion = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  visitorId: string,
  input: CompletionInput,
  waitUntil: (work: Promise<unknown>) => void,
) => {
  const session = input.session_id ? await visitorConversation(ctx, dialog, visitorId, input.session_id) : undefined;
  return prepareCompletion(
    ctx,
    dialog,
    { ...input, user_id: visitorId, llm_id: undefined },
    { userId: visitorId, source: "shared", waitUntil, session },
  );
};
