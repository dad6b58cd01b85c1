import { eq } from "drizzle-orm";
import type { ChatMessage as StoredMessage, CompletionFrame, CompletionInput } from "../../contract/chats";
import { conversationNameOf } from "../../contract/conversation-name";
import { chatTurns, conversations, type ConversationRow, type DialogRow } from "../../db/schema";
import { argumentError, dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ChatMessage } from "../../platform/providers/types";
import type { ServiceContext } from "../context";
import { type AnswerResult, answerQuestion } from "./answer";
import { variableValues } from "./messages";
import { answerSpeaker } from "./audio";
import { getConversation, openConversation, type SessionSource } from "./sessions";

const PARTIAL_SAVE_MS = 1000;

const KNOWN_KEYS = new Set([
  "chat_id",
  "question",
  "messages",
  "stream",
  "session_id",
  "user_id",
  "doc_ids",
  "llm_id",
  "quote",
  "legacy",
  "pass_all_history_messages",
]);

export const variablesOf = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([key]) => !KNOWN_KEYS.has(key)));

const docIdsOf = (input: CompletionInput) =>
  typeof input.doc_ids === "string" ? input.doc_ids.split(",").filter(Boolean) : (input.doc_ids ?? []);

export const toProviderHistory = (messages: StoredMessage[]): ChatMessage[] =>
  messages.map((message) => ({ role: message.role, content: message.content }));

type Turn = {
  dialog: DialogRow;
  conversationId: string | null;
  messageId: string;
  userId: string;
  source: SessionSource;
  result: AnswerResult;
  durationMs: number;
};

// Every answered question becomes one row for stats, feedback and evaluation, whatever the channel.
export const recordTurn = (ctx: ServiceContext, turn: Turn) =>
  ctx.db.insert(chatTurns).values({
    id: newId(),
    dialogId: turn.dialog.id,
    tenantId: turn.dialog.tenantId,
    conversationId: turn.conversationId,
    messageId: turn.messageId,
    userId: turn.userId,
    source: turn.source,
    question: turn.result.question,
    answer: turn.result.answer,
    llmId: turn.result.llmId,
    promptTokens: turn.result.usage.promptTokens,
    completionTokens: turn.result.usage.completionTokens,
    firstTokenMs: turn.result.firstTokenMs,
    durationMs: turn.durationMs,
    retrieved: turn.result.retrieved,
    createTime: nowMs(),
  });

export type PreparedCompletion = {
  session: ConversationRow;
  messageId: string;
  frames(signal: AbortSignal, wholeAudio?: boolean): AsyncGenerator<CompletionFrame>;
};

// Checks everything that can be refused before a stream starts (question, session, variables), then hands
// back a generator of RAGFlow delta frames that stores the conversation and the turn when it ends.
export const prepareCompletion = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  input: CompletionInput,
  caller: {
    userId: string;
    source: SessionSource;
    waitUntil: (work: Promise<unknown>) => void;
    // input.session_id's conversation where the caller has read it already
    session?: ConversationRow;
  },
): Promise<PreparedCompletion> => {
  const values = variableValues(dialog.promptConfig, variablesOf(input));
  const question = input.question?.trim() ?? "";
  // RAGFlow's _normalize_completion_messages: neither messages nor question is a missing argument (101)
  if (input.messages === undefined && input.question === undefined)
    throw argumentError("required argument are missing: messages");
  if (!input.messages && !question) throw dataError("Please input your question.");
  if (input.messages && input.messages.at(-1)?.role !== "user")
    throw dataError("The last content of this conversation is not from user.");
  const session = input.session_id
    ? (caller.session ?? (await getConversation(ctx, dialog, input.session_id)))
    : await openConversation(
        ctx,
        dialog,
        conversationNameOf(question || input.messages?.at(-1)?.content || "New session"),
        input.user_id ?? caller.userId,
        caller.source,
      );
  const now = nowMs();
  const history: StoredMessage[] = input.messages
    ? input.messages
        .filter((message) => message.role !== "system")
        .map((message) => ({
          id: message.id ?? newId(),
          role: message.role as "user" | "assistant",
          content: message.content,
          created_at: now / 1000,
        }))
    : [...session.messages, { id: newId(), role: "user", content: question, created_at: now / 1000 }];
  const messageId = history.at(-1)?.id ?? newId();
  // references stay aligned with the answers that are kept (regenerating drops the later ones)
  const answeredKept = new Set(history.filter((message) => message.role === "assistant").map((message) => message.id));
  const keptReference = session.messages
    .filter((message, i) => i > 0 && message.role === "assistant")
    .map((message, k) => (answeredKept.has(message.id) ? session.reference[k] : undefined))
    .filter((reference) => reference !== undefined);

  const save = (messages: StoredMessage[], reference = keptReference) =>
    ctx.db
      .update(conversations)
      .set({ messages, reference, updateTime: nowMs() })
      .where(eq(conversations.id, session.id));
  // the question is stored before anything can fail
  await save(history);

  // `wholeAudio` (stream: false): the answer is read out once at the end instead of sentence by sentence
  async function* frames(signal: AbortSignal, wholeAudio = false): AsyncGenerator<CompletionFrame> {
    const base = {
      reference: {},
      audio_binary: null,
      id: messageId,
      session_id: session.id,
      chat_id: dialog.id,
    } as const;
    const speaker = await answerSpeaker(ctx, dialog.promptConfig.tts);
    const started = nowMs();
    let partial = "";
    let finished = false;
    let savedAt = started;
    try {
      for await (const event of answerQuestion(ctx, {
        dialog,
        history: toProviderHistory(history),
        values,
        docIds: docIdsOf(input),
        signal,
      })) {
        if ("delta" in event) {
          partial += event.delta;
          // saved as it grows: a client that hangs up can take the whole request down with it
          if (nowMs() - savedAt > PARTIAL_SAVE_MS) {
            savedAt = nowMs();
            await save([
              ...history,
              { id: messageId, role: "assistant", content: partial, created_at: savedAt / 1000 },
            ]);
          }
          yield {
            ...base,
            answer: event.delta,
            audio_binary: wholeAudio ? null : await speaker.delta(event.delta),
            final: false,
          };
          continue;
        }
        const result = event.done;
        const created = nowMs() / 1000;
        // the answer and its turn row in one round trip
        await ctx.db.batch([
          save(
            [
              ...history,
              {
                id: messageId,
                role: "assistant",
                content: result.answer,
                created_at: created,
                reference: result.reference,
                related_questions: result.relatedQuestions,
                ...(dialog.promptConfig.prompt_icon && { prompt: result.prompt }),
                ...(result.notice && { notice: result.notice }),
              },
            ],
            [...keptReference, result.reference],
          ),
          recordTurn(ctx, {
            dialog,
            conversationId: session.id,
            messageId,
            userId: session.userId,
            source: session.source,
            result,
            durationMs: nowMs() - started,
          }),
        ]);
        finished = true;
        yield {
          ...base,
          answer: "",
          audio_binary: await (wholeAudio ? speaker.whole(result.answer) : speaker.rest()),
          reference: result.reference,
          final: true,
          content: result.answer,
          related_questions: result.relatedQuestions,
          prompt: result.prompt,
          created_at: created,
          ...(result.notice && { notice: result.notice }),
        };
      }
    } finally {
      // stopped by the client or failed: what was said so far stays (the request may already be gone, hence waitUntil)
      if (!finished && partial)
        caller.waitUntil(
          // then() starts drizzle's lazy query
          save([...history, { id: messageId, role: "assistant", content: partial, created_at: nowMs() / 1000 }]).then(
            () => undefined,
          ),
        );
    }
  }
  return { session, messageId, frames };
};
