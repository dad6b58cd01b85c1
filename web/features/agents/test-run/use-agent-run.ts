import { useEffect, useRef, useState } from "react";
import { streamAgentRerun } from "../../../api/agent-runs";
import { type AgentFrame, cancelAgentTask, streamAgentRun } from "../../../api/agents";
import { errorMessage } from "../../../components/notify";
import { createAudioQueue } from "../../../lib/audio-queue";
import { applyFrame, failTurn, initialRun, type RunState, startRerun, startTurn, stopTurn } from "./run-state";

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

// How runs reach the server: signed in (the editor's test run) or through a share link (visitors).
export type AgentTransport = { stream: typeof streamAgentRun; cancel?: (taskId: string) => Promise<unknown> };
const SIGNED_IN: AgentTransport = { stream: streamAgentRun, cancel: cancelAgentTask };

// A conversation with the saved agent: answers stream in, every finished node lands in the trace.
// The first answer brings the session id that follow-up questions send along.
export const useAgentRun = (agentId: string, prologue: string, transport: AgentTransport = SIGNED_IN) => {
  const [state, setState] = useState<RunState>(() => initialRun(prologue));
  const latest = useRef(state);
  const controller = useRef<AbortController | null>(null);
  // a Message with auto_play brings its audio along
  const audio = useRef(createAudioQueue());
  useEffect(() => {
    latest.current = state;
  });
  useEffect(
    () => () => {
      controller.current?.abort();
      audio.current.stop();
    },
    [],
  );

  type Stream = (onFrame: (frame: AgentFrame) => void, signal: AbortSignal) => Promise<unknown>;
  const follow = async (start: (state: RunState) => RunState, stream: Stream) => {
    if (controller.current) return;
    const own = new AbortController();
    controller.current = own;
    setState(start);
    try {
      const onFrame = (frame: AgentFrame) => {
        if (frame.event === "message" && frame.data.audio_binary) audio.current.enqueue(frame.data.audio_binary);
        setState((current) => applyFrame(current, frame));
      };
      await stream(onFrame, own.signal);
      if (controller.current === own) setState((current) => ({ ...current, busy: false, activeNode: null }));
    } catch (error) {
      if (!isAbort(error) && controller.current === own) setState((current) => failTurn(current, errorMessage(error)));
    } finally {
      if (controller.current === own) controller.current = null;
    }
  };

  // shown: what the user's bubble says when it is not the question (the answers to a UserFillUp)
  const ask = (question: string, inputs: Record<string, unknown>, shown = question) => {
    const sessionId = latest.current.sessionId ?? undefined;
    return follow(
      (current) => startTurn(current, shown),
      (onFrame, signal) => transport.stream({ agentId, question, sessionId, inputs }, onFrame, signal),
    );
  };

  // the last run again from its failed step, signed in only
  const rerun = () => {
    const messageId = latest.current.messageId;
    if (!messageId) return Promise.resolve();
    return follow(startRerun, (onFrame, signal) => streamAgentRerun(messageId, onFrame, signal));
  };

  // The server is told to stop too; what was answered so far stays.
  const stop = () => {
    audio.current.stop();
    const taskId = latest.current.taskId;
    controller.current?.abort();
    controller.current = null;
    if (taskId && transport.cancel) void transport.cancel(taskId).catch(() => undefined);
    setState(stopTurn);
  };

  const reset = () => {
    audio.current.stop();
    if (controller.current) stop();
    setState(initialRun(prologue));
  };

  return { ...state, ask, rerun, stop, reset };
};
