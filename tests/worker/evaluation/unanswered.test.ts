import { describe, expect, it } from "vitest";
import type { UnansweredPage } from "../../../worker/contract/evaluation";
import { callApi } from "../../helpers/worker/api";
import { ask, createChat, parsedDataset } from "../../helpers/worker/chat";
import { createDataset, createUser, listDocs, type TestUser } from "../../helpers/worker/factories";

const unanswered = (user: TestUser, query = "") =>
  callApi<UnansweredPage>(`/evaluation/unanswered${query}`, { token: user.token });
const resolve = (user: TestUser, json: Record<string, unknown>) =>
  callApi<{ resolved: number; chunk_id: string }>("/evaluation/unanswered/resolve", { token: user.token, json });

const addChunk = async (
  user: TestUser,
  datasetId: string,
  documentId: string,
  content: string,
  questions: string[],
) => {
  const res = await callApi<{ chunk: { id: string } }>(`/datasets/${datasetId}/documents/${documentId}/chunks`, {
    token: user.token,
    json: { content, questions },
  });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return res.body.data.chunk.id;
};

describe("unanswered questions", () => {
  it("groups questions retrieval found nothing for, and a chunk added for them resolves them", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], name: `Praxis ${crypto.randomUUID().slice(0, 6)}` });
    await ask(user, chat.id, { question: "Wann öffnet die Praxis am Samstag?" });
    await ask(user, chat.id, { question: "Quantenchromodynamik Gluonen" });
    await ask(user, chat.id, { question: "wann ÖFFNET die Praxis am Samstag" });
    await ask(user, chat.id, { question: "Wie viel Schlaf brauchen Erwachsene?" });

    const page = (await unanswered(user)).body.data;
    expect(page.total).toBe(2);
    expect(page.items[0]).toEqual({
      question: "wann ÖFFNET die Praxis am Samstag",
      count: 2,
      last_time: expect.any(Number),
      chat_id: chat.id,
      chat_name: chat.name,
      chats: [{ id: chat.id, name: chat.name }],
      dataset_ids: [ds.id],
      resolved_chunk_id: null,
    });
    expect(page.items[1]).toMatchObject({ question: "Quantenchromodynamik Gluonen", count: 1 });
    expect((await unanswered(user, "?page=2&page_size=1")).body.data).toMatchObject({
      total: 2,
      items: [{ question: "Quantenchromodynamik Gluonen" }],
    });
    expect((await unanswered(user, "?from=2020-01-01&to=2020-01-31")).body.data.total).toBe(0);

    // a chunk of another team's knowledge base cannot resolve anything
    const stranger = await createUser();
    const foreignDs = await createDataset(stranger);
    const [foreignDoc] = (
      await callApi<{ id: string }[]>(`/datasets/${foreignDs.id}/documents?type=empty`, {
        token: stranger.token,
        json: { name: "Antworten" },
      })
    ).body.data;
    const foreignChunk = await addChunk(stranger, foreignDs.id, foreignDoc?.id ?? "", "Samstags ist geschlossen.", [
      "Wann öffnet die Praxis am Samstag?",
    ]);
    expect(
      (await resolve(user, { question: "Wann öffnet die Praxis am Samstag?", chunk_id: foreignChunk })).body,
    ).toMatchObject({ code: 102, message: `Can't find this chunk ${foreignChunk}` });
    expect(
      (await resolve(stranger, { question: "Wann öffnet die Praxis am Samstag?", chunk_id: foreignChunk })).body,
    ).toMatchObject({ code: 102, message: "No unanswered question matches `question`." });
    expect((await resolve(user, { question: "", chunk_id: foreignChunk })).body).toMatchObject({
      code: 102,
      message: "`question` is required",
    });

    const [doc] = await listDocs(user, ds.id);
    const chunkId = await addChunk(user, ds.id, doc?.id ?? "", "Die Praxis öffnet samstags von 9 bis 12 Uhr.", [
      "Wann öffnet die Praxis am Samstag?",
    ]);
    expect(
      (await resolve(user, { question: "Wann öffnet die Praxis am Samstag?", chat_id: chat.id, chunk_id: chunkId }))
        .body.data,
    ).toMatchObject({ resolved: 2, chunk_id: chunkId });

    const open = (await unanswered(user)).body.data;
    expect(open.items.map((item) => item.question)).toEqual(["Quantenchromodynamik Gluonen"]);
    const all = (await unanswered(user, "?include_resolved=true")).body.data;
    expect(all.items.find((item) => item.count === 2)).toMatchObject({ resolved_chunk_id: chunkId });
    expect(
      (await resolve(user, { question: "Wann öffnet die Praxis am Samstag?", chunk_id: chunkId })).body.message,
    ).toBe("No unanswered question matches `question`.");

    // the added chunk answers the question now
    const again = await ask(user, chat.id, { question: "Wann öffnet die Praxis am Samstag?" });
    expect(again.body.data.answer).toContain("9 bis 12 Uhr");
    expect((await unanswered(user)).body.data.total).toBe(1);
  });

  it("keeps to one assistant when chat_id is given", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const one = await createChat(user, { dataset_ids: [ds.id] });
    const two = await createChat(user, { dataset_ids: [ds.id] });
    await ask(user, one.id, { question: "Quantenchromodynamik Gluonen" });
    await ask(user, two.id, { question: "Quantenchromodynamik Gluonen!" });
    const both = (await unanswered(user)).body.data.items;
    expect(both).toHaveLength(1);
    expect(both[0]?.count).toBe(2);
    expect(new Set(both[0]?.chats.map((chat) => chat.id))).toEqual(new Set([one.id, two.id]));
    expect((await unanswered(user, `?chat_id=${two.id}`)).body.data.items).toMatchObject([
      { count: 1, chat_id: two.id },
    ]);
  });
});
