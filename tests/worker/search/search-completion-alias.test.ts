import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, streamFrames } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

// RAGFlow v0.27's singular path answers exactly as POST /searches/{id}/completions (search-completions.test.ts).
describe("POST /searches/{id}/completion", () => {
  it("streams the search app's answer and ends with the boolean frame", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const search = await callApi<{ search_id: string }>("/searches", {
      token: user.token,
      json: { name: "Suche", search_config: { kb_ids: [ds.id] } },
    });
    const { response, envelopes } = await streamFrames(
      `/searches/${search.body.data.search_id}/completion`,
      user.token,
      {
        question: "Ab wann wird die Grippeimpfung empfohlen?",
      },
    );
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    expect(envelopes.at(-1)).toEqual({ code: 0, message: "", data: true });
    const final = envelopes.map((e) => e.data as { final?: boolean; content?: string }).find((d) => d?.final);
    expect(final?.content).toContain("Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen.");
  });

  it("refuses a dataset the caller does not own, and another team's search app", async () => {
    const user = await createUser();
    const search = (await callApi<{ search_id: string }>("/searches", { token: user.token, json: { name: "Leer" } }))
      .body.data.search_id;
    const foreign = await callApi(`/searches/${search}/completion`, {
      token: user.token,
      json: { question: "Koriander?", kb_ids: ["nonexistent_dataset"] },
    });
    expect(foreign.body).toMatchObject({ code: 102, message: "You don't own the dataset nonexistent_dataset" });
    const stranger = await createUser();
    const other = await callApi(`/searches/${search}/completion`, { token: stranger.token, json: { question: "x" } });
    expect(other.body.code).not.toBe(0);
  });
});
