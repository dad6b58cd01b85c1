import { describe, expect, it } from "vitest";
import { applyFrame, initialRun, startTurn } from "../../../web/features/agents/test-run/run-state";

describe("agent run state", () => {
  it("keeps the reference of message_end on the answer, so its citations can open their chunks", () => {
    let state = startTurn(initialRun("Hallo"), "Grippe?");
    state = applyFrame(state, { event: "message", data: { content: "Ab 60 [ID:0]" } });
    const reference = {
      total: 1,
      chunks: [
        {
          id: "c",
          content: "Die Grippeimpfung …",
          document_id: "d",
          document_name: "impfung.txt",
          dataset_id: "k",
          image_id: "",
          positions: [],
          url: null,
          similarity: 1,
          vector_similarity: 0,
          term_similarity: 0,
          doc_type: "",
        },
      ],
      doc_aggs: [],
    };
    state = applyFrame(state, { event: "message_end", data: { reference } });
    expect(state.messages.at(-1)).toMatchObject({ role: "assistant", content: "Ab 60 [ID:0]", reference });
    expect(state.messages[0]).toMatchObject({ content: "Hallo" });
  });

  it("shows a failed run's error as the error, not as the answer text the API clients get (issue 32)", () => {
    const error = "Wikipedia suchen: fetch failed";
    let state = startTurn(initialRun(""), "Grippe");
    state = applyFrame(state, { event: "message", data: { content: "Ich suche …" } });
    state = applyFrame(state, { event: "message", data: { content: "\n\n" } });
    state = applyFrame(state, { event: "message", data: { content: `**ERROR**: ${error}` } });
    state = applyFrame(state, {
      event: "workflow_finished",
      data: { outputs: { content: "not the answer" }, elapsed_time: 0.1, error },
    });
    expect(state.messages.at(-1)).toMatchObject({ content: "Ich suche …", error });

    // nothing said before the failure: no answer text at all, only the error
    let silent = startTurn(initialRun(""), "Grippe");
    silent = applyFrame(silent, { event: "message", data: { content: `**ERROR**: ${error}` } });
    silent = applyFrame(silent, { event: "workflow_finished", data: { outputs: {}, elapsed_time: 0.1, error } });
    expect(silent.messages.at(-1)).toMatchObject({ content: "", error });
  });
});
