import { describe, expect, it } from "vitest";
import type { Reference } from "../../../worker/contract/chats";
import type { SearchFrame } from "../../../worker/contract/searches";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, streamFrames, useLocalChatModel } from "../../helpers/worker/chat";
import { createDataset, createUser, listDocs, type TestUser } from "../../helpers/worker/factories";

const createSearch = async (user: TestUser, config: Record<string, unknown>) => {
  const res = await callApi<{ search_id: string }>("/searches", {
    token: user.token,
    json: { name: `Suche ${crypto.randomUUID().slice(0, 8)}`, search_config: config },
  });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return res.body.data.search_id;
};

const frames = (envelopes: { data: unknown }[]) =>
  envelopes.map((e) => e.data).filter((d): d is SearchFrame => typeof d === "object" && d !== null && "final" in d);

describe("search app completions: POST /searches/{id}/completions", () => {
  it("streams a cited summary of the knowledge bases with the built-in model", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const id = await createSearch(user, { kb_ids: [ds.id] });
    const { response, envelopes } = await streamFrames(`/searches/${id}/completions`, user.token, {
      question: "Ab wann wird die Grippeimpfung empfohlen?",
    });
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    expect(envelopes.at(-1)).toEqual({ code: 0, message: "", data: true });
    const all = frames(envelopes);
    const final = all.find((f) => f.final);
    const deltas = all.filter((f) => !f.final);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((f) => f.answer).join("")).toBe(final?.content);
    // whole sentences under "Aus den Quellen:", and the offline notice as data on the final frame
    expect(final?.content).toBe(
      "Aus den Quellen:\n\n> Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen. [ID:0]",
    );
    expect(final?.notice).toEqual({ code: "offline_model", message: expect.stringContaining("Offline model") });
    const reference = final?.reference as Reference | undefined;
    expect(reference?.chunks[0]).toMatchObject({ document_name: "impfung.txt", dataset_id: ds.id });
    expect(reference?.doc_aggs).toEqual([{ doc_name: "impfung.txt", doc_id: expect.any(String), count: 1 }]);
  });

  it("takes kb_ids and doc_ids from the body, and refuses a search without knowledge bases or with a foreign one", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const id = await createSearch(user, {});
    expect(
      (await callApi(`/searches/${id}/completions`, { token: user.token, json: { question: "Schlaf?" } })).body,
    ).toMatchObject({ code: 102, message: "`kb_ids` is required." });
    // an absent question is RAGFlow's missing argument (101); an empty one the field's own message (102)
    expect((await callApi(`/searches/${id}/completions`, { token: user.token, json: {} })).body).toMatchObject({
      code: 101,
      message: "required argument are missing: question; ",
    });
    expect(
      (await callApi(`/searches/${id}/completion`, { token: user.token, json: { question: " " } })).body,
    ).toMatchObject({ code: 102, message: "`question` is required." });

    const docs = await listDocs(user, ds.id);
    const sleep = docs.find((doc) => doc.name === "schlaf.txt");
    const { envelopes } = await streamFrames(`/searches/${id}/completions`, user.token, {
      question: "Grippeimpfung Schlaf",
      kb_ids: [ds.id],
      doc_ids: [sleep?.id],
    });
    const final = frames(envelopes).find((f) => f.final);
    expect((final?.reference as Reference | undefined)?.chunks.map((c) => c.document_name)).toEqual(["schlaf.txt"]);

    const stranger = await createUser();
    const foreign = await parsedDataset(stranger);
    expect(
      (
        await callApi(`/searches/${id}/completions`, {
          token: user.token,
          json: { question: "Schlaf?", kb_ids: [foreign.id] },
        })
      ).body,
    ).toMatchObject({
      code: 102,
      message: `You don't own the dataset ${foreign.id}`,
    });
    // a document of another knowledge base cannot be slipped in through doc_ids
    const other = await createDataset(user);
    const foreignDoc = (await listDocs(stranger, foreign.id))[0];
    expect(
      (
        await callApi(`/searches/${id}/completions`, {
          token: user.token,
          json: { question: "Schlaf?", kb_ids: [other.id], doc_ids: [foreignDoc?.id] },
        })
      ).body.code,
    ).toBe(102);
  });

  it("answers with nothing and no citation when nothing is found", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const id = await createSearch(user, { kb_ids: [ds.id], similarity_threshold: 0.99 });
    const { envelopes } = await streamFrames(`/searches/${id}/completions`, user.token, { question: "Quantenphysik" });
    expect(frames(envelopes)).toEqual([
      {
        answer: "",
        reference: { total: 0, chunks: [], doc_aggs: [] },
        final: true,
        content: "",
        notice: { code: "offline_model", message: expect.any(String) },
      },
    ]);
  });

  it("summarises with a configured chat model (knowledge in the system prompt, citations inserted)", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const llm = await useLocalChatModel(user);
    const id = await createSearch(user, { kb_ids: [ds.id], chat_id: llm, vector_similarity_weight: 0 });
    const { envelopes } = await streamFrames(`/searches/${id}/completions`, user.token, {
      question: "Grippeimpfung ab 60 Jahren empfohlen",
    });
    const final = frames(envelopes).find((f) => f.final);
    expect(final?.content).toMatch(/^Antwort auf: Grippeimpfung ab 60 Jahren empfohlen \[ID:0\]$/);
    // a configured model's summary carries no notice
    expect(final).not.toHaveProperty("notice");
    expect((final?.reference as Reference | undefined)?.doc_aggs).toEqual([
      { doc_name: "impfung.txt", doc_id: expect.any(String), count: 1 },
    ]);
    // the model's own citations are kept
    const own = frames(
      (await streamFrames(`/searches/${id}/completions`, user.token, { question: "Grippeimpfung, zitiere" })).envelopes,
    ).find((f) => f.final);
    expect(own?.content).toBe("Antwort auf: Grippeimpfung, zitiere [ID:0]");
    const prompt = frames(
      (await streamFrames(`/searches/${id}/completions`, user.token, { question: "Grippeimpfung wissen?" })).envelopes,
    ).find((f) => f.final);
    expect(prompt?.content).toContain("Role: You summarise what the knowledge base says");
    expect(prompt?.content).toContain("ID: 0\n├── Title: impfung.txt\n└── Content:\nDie Grippeimpfung");
    expect(prompt?.content).toContain("# Citations");
  });

  it("related questions: the search app's model rephrases; the built-in model offers its chunks' questions", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const llm = await useLocalChatModel(user);
    const withModel = await createSearch(user, { kb_ids: [ds.id], chat_id: llm });
    const related = await callApi<string[]>("/chat/recommendation", {
      token: user.token,
      json: { question: "Grippeimpfung", search_id: withModel },
    });
    expect(related.body.data).toEqual(["Grippeimpfung Kosten", "Impfung Nebenwirkungen"]);

    const builtin = await createSearch(user, { kb_ids: [ds.id], chat_id: "builtin-extractive@Builtin" });
    expect(
      (
        await callApi<string[]>("/chat/recommendation", {
          token: user.token,
          json: { question: "Grippeimpfung", search_id: builtin },
        })
      ).body,
    ).toMatchObject({ code: 0, data: [] });
    const doc = (await listDocs(user, ds.id)).find((d) => d.name === "impfung.txt");
    const chunk = await callApi(`/datasets/${ds.id}/documents/${doc?.id}/chunks`, {
      token: user.token,
      json: { content: "Die Grippeimpfung zahlt die Krankenkasse.", questions: ["Wer zahlt die Grippeimpfung?"] },
    });
    expect(chunk.body.code).toBe(0);
    expect(
      (
        await callApi<string[]>("/chat/recommendation", {
          token: user.token,
          json: { question: "Grippeimpfung", search_id: builtin },
        })
      ).body.data,
    ).toEqual(["Wer zahlt die Grippeimpfung?"]);
    const stranger = await createUser();
    expect(
      (
        await callApi("/chat/recommendation", {
          token: stranger.token,
          json: { question: "Grippeimpfung", search_id: builtin },
        })
      ).body.code,
    ).toBe(102);
  });
});
