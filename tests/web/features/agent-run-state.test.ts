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
});
