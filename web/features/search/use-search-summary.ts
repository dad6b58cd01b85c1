import { useCallback, useEffect, useRef, useState } from "react";
import type { AnswerNotice, Reference } from "../../../worker/contract/chats";
import type { SearchBackend } from "../../api/searches";

export type SummaryState =
  | { status: "idle" }
  | { status: "streaming" | "done"; content: string; reference: Reference | null; notice: AnswerNotice | null }
  | { status: "error"; error: unknown };

const isReference = (value: Reference | Record<string, never>): value is Reference => "chunks" in value;

// Streams the AI summary of one search: deltas as they come, then the final answer with its citations.
// Starting another (new question, document filter, retry) or leaving the page stops the previous stream.
export const useSearchSummary = (backend: SearchBackend) => {
  const [state, setState] = useState<SummaryState>({ status: "idle" });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    (question: string, docIds: string[]) => {
      current.current?.abort();
      const abort = new AbortController();
      current.current = abort;
      let content = "";
      let reference: Reference | null = null;
      let notice: AnswerNotice | null = null;
      setState({ status: "streaming", content, reference, notice });
      backend
        .ask(
          question,
          docIds,
          (frame) => {
            if (abort.signal.aborted) return;
            if (frame.final) {
              content = frame.content ?? content;
              reference = isReference(frame.reference) ? frame.reference : null;
              notice = frame.notice ?? null;
            } else content += frame.answer;
            setState({ status: "streaming", content, reference, notice });
          },
          abort.signal,
        )
        .then(
          () => !abort.signal.aborted && setState({ status: "done", content, reference, notice }),
          (error: unknown) => !abort.signal.aborted && setState({ status: "error", error }),
        );
    },
    [backend],
  );
  return { state, start };
};
