import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { AnswerNotice, ChatMessage, CompletionFrame, Reference } from "../../../worker/contract/chats";
import { type AskParams, type Session, chatKeys, streamCompletion } from "../../api/chats";

// A question on its way: what is shown until the stored session holds it.
export type Turn = {
  seq: number;
  mode: "ask" | "regenerate";
  question: string;
  // how many stored messages stay visible while the turn is live (regenerate hides the old answer)
  keep: number;
  messageId: string | null;
  answer: string;
  reference: Reference | null;
  relatedQuestions: string[];
  // the server's remark on how the answer was made (final frame)
  notice: AnswerNotice | null;
  status: "streaming" | "settling" | "stopped" | "done" | "failed";
  error: unknown;
  // false once the stored session held the question and the answer: the turn is no longer drawn
  draft: boolean;
};

export const isLive = (turn: Turn | null) => turn?.status === "streaming" || turn?.status === "settling";

// User and assistant message of one exchange share an id (as in RAGFlow).
export const questionStored = (turn: Turn, messages: ChatMessage[]) =>
  turn.messageId
    ? messages.some((message) => message.role === "user" && message.id === turn.messageId)
    : messages.at(-1)?.role === "user" && messages.at(-1)?.content === turn.question;

export const answerStored = (turn: Turn, messages: ChatMessage[]) =>
  turn.messageId !== null && messages.some((message) => message.role === "assistant" && message.id === turn.messageId);

// What a conversation shows while a turn streams or after it ended: the stored messages (those the turn
// replaces left out), the turn's own question and answer while they are not stored yet, and the follow-up
// questions of the newest answer.
export const turnView = (turn: Turn | null, stored: ChatMessage[]) => {
  const live = isLive(turn);
  const shown = live && turn ? stored.slice(0, turn.keep) : stored;
  const showQuestion =
    turn?.mode === "ask" && (live || (turn.draft && turn.status === "stopped" && !questionStored(turn, stored)));
  const showAnswer = turn !== null && (live || (turn.draft && turn.answer !== "" && !answerStored(turn, stored)));
  const lastShown = shown.at(-1);
  const related = showAnswer
    ? (turn?.relatedQuestions ?? [])
    : lastShown?.role === "assistant"
      ? (lastShown.related_questions ?? [])
      : [];
  return { shown, showQuestion, showAnswer, related, firstUser: shown.findIndex((message) => message.role === "user") };
};

type StreamParams = Omit<AskParams, "chatId">;

// Where answers come from and which cached session they update: the owner's API unless a caller
// (the shared chat page) brings its own.
export type ChatTransport = {
  complete: (params: StreamParams, onFrame: (frame: CompletionFrame) => void, signal: AbortSignal) => Promise<void>;
  sessionKey: QueryKey;
  sessionsKey: QueryKey;
};

type Options = {
  chatId: string;
  sessionId: string;
  // called once the stream has ended and the session is fetched again
  onSettled?: (turn: Turn, session: Session | undefined) => void;
  transport?: ChatTransport;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

const referenceOf = (value: unknown): Reference | null =>
  value && typeof value === "object" && Array.isArray((value as Reference).chunks) ? (value as Reference) : null;

type History = Pick<ChatMessage, "role" | "content" | "id">[];

export const useChatStream = ({ chatId, sessionId, onSettled, transport }: Options) => {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<Turn | null>(null);
  // the same turn, readable at once from the stream's callbacks
  const latest = useRef<Turn | null>(null);
  const controller = useRef<AbortController | null>(null);
  const seq = useRef(0);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const replace = (next: Turn) => {
    latest.current = next;
    setTurn(next);
    return next;
  };
  const update = (id: number, change: (turn: Turn) => Turn) =>
    latest.current?.seq === id ? replace(change(latest.current)) : null;

  const settle = async (id: number, status: Turn["status"], error: unknown) => {
    update(id, (current) => ({ ...current, status: "settling" }));
    const key = transport?.sessionKey ?? chatKeys.session(chatId, sessionId);
    await queryClient.refetchQueries({ queryKey: key, exact: true });
    void queryClient.invalidateQueries({ queryKey: transport?.sessionsKey ?? chatKeys.sessions(chatId) });
    const fresh = queryClient.getQueryData<Session>(key);
    const finished = update(id, (current) => {
      const messages = fresh?.messages ?? [];
      const covered =
        (current.mode === "regenerate" || questionStored(current, messages)) &&
        (current.answer === "" || answerStored(current, messages));
      return { ...current, status, error, draft: !covered };
    });
    if (finished) settled.current?.(finished, fresh);
  };

  const complete =
    transport?.complete ??
    ((params: StreamParams, onFrame: (frame: CompletionFrame) => void, signal: AbortSignal) =>
      streamCompletion({ chatId, ...params }, onFrame, signal));

  const start = async (
    base: Pick<Turn, "mode" | "question" | "keep">,
    params: Omit<AskParams, "chatId" | "sessionId">,
  ) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    const id = ++seq.current;
    replace({
      ...base,
      seq: id,
      messageId: null,
      answer: "",
      reference: null,
      relatedQuestions: [],
      notice: null,
      status: "streaming",
      error: null,
      draft: true,
    });
    let error: unknown = null;
    try {
      await complete(
        { sessionId, ...params },
        (frame) =>
          update(id, (current) =>
            frame.final
              ? {
                  ...current,
                  messageId: frame.id,
                  answer: frame.content ?? current.answer,
                  reference: referenceOf(frame.reference),
                  relatedQuestions: frame.related_questions ?? [],
                  notice: frame.notice ?? null,
                }
              : { ...current, messageId: frame.id, answer: current.answer + frame.answer },
          ),
        own.signal,
      );
    } catch (caught) {
      if (!isAbort(caught)) error = caught;
    }
    // stopped or replaced by a newer question: stop() settles on its own
    if (controller.current !== own) return;
    controller.current = null;
    await settle(id, error ? "failed" : "done", error);
  };

  const ask = (question: string, keep: number, variables?: Record<string, string>) =>
    void start({ mode: "ask", question, keep }, { question, variables });

  // Answers the last question again: the history up to and including it replaces the stored one.
  const regenerate = (history: History, variables?: Record<string, string>) => {
    const keep = history.length;
    const messages = history.map(({ role, content, id }) => ({ role, content, id }));
    void start({ mode: "regenerate", question: history.at(-1)?.content ?? "", keep }, { messages, variables });
  };

  // The partial answer stays on screen; the server keeps what it had streamed so far.
  const stop = () => {
    const own = controller.current;
    if (!own) return;
    controller.current = null;
    own.abort();
    void settle(seq.current, "stopped", null);
  };

  return { turn, streaming: turn?.status === "streaming", busy: isLive(turn), ask, regenerate, stop };
};
