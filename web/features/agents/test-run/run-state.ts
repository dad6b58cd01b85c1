import { agentErrorText, type BeginInputSpec, type TraceEntry } from "../../../../worker/contract/agents";
import type { AgentFrame } from "../../../api/agents";
import type { Reference } from "../../../../worker/contract/chats";

// `reference`: the chunks the answer's [ID:n] citations point to
export type RunMessage = {
  id: number;
  role: "user" | "assistant";
  content: string;
  error?: string;
  stopped?: boolean;
  reference?: Reference | null;
};

export type RunState = {
  messages: RunMessage[];
  // the current run's steps, one per finished node
  trace: TraceEntry[];
  activeNode: string | null;
  busy: boolean;
  sessionId: string | null;
  taskId: string | null;
  // the current run's message id: a failed run is rerun by it
  messageId: string | null;
  finished: { elapsed: number; error: string | null } | null;
  // a UserFillUp paused the run: the fields the next turn answers
  awaiting: { inputs: Record<string, BeginInputSpec>; tips: string } | null;
  nextId: number;
};

// A new conversation: the Begin component's prologue is the first thing the agent says.
export const initialRun = (prologue: string): RunState => ({
  messages: prologue.trim() ? [{ id: 0, role: "assistant", content: prologue }] : [],
  trace: [],
  activeNode: null,
  busy: false,
  sessionId: null,
  taskId: null,
  messageId: null,
  finished: null,
  awaiting: null,
  nextId: 1,
});

// A task flow started without a question shows no empty question bubble.
export const startTurn = (state: RunState, question: string): RunState => ({
  ...state,
  messages: [
    ...state.messages,
    ...(question ? [{ id: state.nextId, role: "user" as const, content: question }] : []),
    { id: state.nextId + 1, role: "assistant", content: "" },
  ],
  nextId: state.nextId + 2,
  trace: [],
  finished: null,
  awaiting: null,
  activeNode: null,
  taskId: null,
  messageId: null,
  busy: true,
});

// A rerun from the failed step: its answer takes the failed one's place.
export const startRerun = (state: RunState): RunState => {
  const last = state.messages.at(-1);
  const kept = last?.role === "assistant" && last.error ? state.messages.slice(0, -1) : state.messages;
  return startTurn({ ...state, messages: kept }, "");
};

const updateAnswer = (state: RunState, change: (message: RunMessage) => RunMessage): RunState => {
  const last = state.messages.at(-1);
  if (!last || last.role !== "assistant") return state;
  return { ...state, messages: [...state.messages.slice(0, -1), change(last)] };
};

// One streamed event applied to the conversation, the trace and the ids needed for follow-ups and cancelling.
export const applyFrame = (state: RunState, frame: AgentFrame): RunState => {
  const next = {
    ...state,
    sessionId: frame.session_id ?? state.sessionId,
    taskId: frame.task_id ?? state.taskId,
    messageId: frame.message_id ?? state.messageId,
  };
  switch (frame.event) {
    case "node_started":
      return { ...next, activeNode: frame.data.component_id };
    case "node_finished":
      return { ...next, activeNode: null, trace: [...next.trace, frame.data] };
    case "message":
      return updateAnswer(next, (message) => ({ ...message, content: message.content + (frame.data.content ?? "") }));
    case "message_end":
      return updateAnswer(next, (message) => ({ ...message, reference: frame.data.reference }));
    // the question of a UserFillUp follows what the turn said before it
    case "user_inputs": {
      const { inputs, tips } = frame.data;
      return updateAnswer({ ...next, awaiting: { inputs, tips } }, (message) => ({
        ...message,
        content: [message.content, tips].filter((part) => part.trim()).join("\n\n"),
      }));
    }
    case "workflow_finished": {
      const { outputs, elapsed_time: elapsed, error } = frame.data;
      const finished = { ...next, activeNode: null, finished: { elapsed, error } };
      const fallback = typeof outputs?.content === "string" && !error ? outputs.content : "";
      // a failed run ends its answer with the error for API clients; here the error shows as an alert instead
      const answerOf = (content: string) => (error ? content.replace(agentErrorText(error), "").trimEnd() : content);
      return updateAnswer(finished, (message) => ({
        ...message,
        content: answerOf(message.content) || fallback,
        ...(error ? { error } : {}),
      }));
    }
    default:
      return next;
  }
};

export const failTurn = (state: RunState, error: string): RunState => ({
  ...updateAnswer(state, (message) => ({ ...message, error })),
  busy: false,
  activeNode: null,
});

export const stopTurn = (state: RunState): RunState => ({
  ...updateAnswer(state, (message) => ({ ...message, stopped: true })),
  busy: false,
  activeNode: null,
});
