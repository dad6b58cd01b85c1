import { describe, expect, it } from "vitest";
import type { EvaluationQuestion, EvaluationSet } from "../../../worker/contract/evaluation-sets";
import { callApi } from "../../helpers/worker/api";
import { fingerprint } from "../../helpers/worker/db-state";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";
import { addQuestions, createSet } from "../../helpers/worker/evaluation-sets";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const chunkIdsOf = async (user: TestUser, datasetId: string, documentId: string) =>
  (
    await callApi<{ chunks: { id: string }[] }>(`/datasets/${datasetId}/documents/${documentId}/chunks`, {
      token: user.token,
    })
  ).body.data.chunks.map((chunk) => chunk.id);

// A refusal: a non-zero code, a message naming the field, and nothing changed.
const expectRefused = async (request: () => Promise<{ body: { code: number; message: string } }>, names: string) => {
  const before = await fingerprint();
  const res = await request();
  expect(res.body.code, res.body.message).not.toBe(0);
  expect(res.body.message).toContain(names);
  expect(await fingerprint()).toBe(before);
};

describe("test sets", () => {
  it("are created, listed, read, changed and deleted with their questions", async () => {
    const owner = await createUser();
    const base = await createDataset(owner);
    const created = await createSet(owner, { name: "Impf-Fragen", dataset_ids: [base.id], description: "Grippe" });
    expect(created).toMatchObject({
      name: "Impf-Fragen",
      description: "Grippe",
      dataset_ids: [base.id],
      question_count: 0,
      schedule_after_reparse: false,
      alert_margin: 0.05,
      last_run: null,
    });
    await addQuestions(owner, created.id, [
      { question: "Ab wann impfen?", expected_text: "ab 60 Jahren" },
      { question: "Wie viel Schlaf?", expected_text: "sieben bis neun Stunden", reference_answer: "Sieben Stunden." },
    ]);
    const list = await callApi<{ total: number; items: EvaluationSet[] }>("/evaluation/sets?keywords=impf", {
      token: owner.token,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: created.id, question_count: 2 });

    const changed = await callApi<EvaluationSet>(`/evaluation/sets/${created.id}`, {
      method: "PUT",
      token: owner.token,
      json: { name: "Umbenannt", schedule_after_reparse: true, alert_margin: 0.1 },
    });
    expect(changed.body.data).toMatchObject({ name: "Umbenannt", schedule_after_reparse: true, alert_margin: 0.1 });
    const read = await callApi<EvaluationSet>(`/evaluation/sets/${created.id}`, { token: owner.token });
    expect(read.body.data).toMatchObject({ name: "Umbenannt", question_count: 2 });

    const questions = await callApi<{ total: number; items: EvaluationQuestion[] }>(
      `/evaluation/sets/${created.id}/questions?page_size=1&page=2`,
      { token: owner.token },
    );
    expect(questions.body.data.total).toBe(2);
    expect(questions.body.data.items.map((item) => item.question)).toEqual(["Wie viel Schlaf?"]);

    const removed = await callApi(`/evaluation/sets/${created.id}`, { method: "DELETE", token: owner.token });
    expect(removed.body).toMatchObject({ code: 0, data: true });
    expect((await callApi(`/evaluation/sets/${created.id}`, { token: owner.token })).body.code).not.toBe(0);
    expect((await callApi(`/evaluation/sets/${created.id}/questions`, { token: owner.token })).body.code).not.toBe(0);
  });

  it("refuse bad input naming the field, changing nothing", async () => {
    const owner = await createUser();
    const base = await createDataset(owner);
    const post = (json: unknown) => () => callApi("/evaluation/sets", { token: owner.token, json });
    await expectRefused(post({ name: "", dataset_ids: [base.id] }), "`name`");
    await expectRefused(post({ name: "x".repeat(129), dataset_ids: [base.id] }), "`name`");
    await expectRefused(post({ name: "A", dataset_ids: [] }), "`dataset_ids`");
    await expectRefused(post({ name: "A" }), "`dataset_ids`");
    await expectRefused(
      post({ name: "A", dataset_ids: Array.from({ length: 21 }, (_, i) => `id${i}`) }),
      "`dataset_ids`",
    );
    await expectRefused(post({ name: "A", dataset_ids: [base.id], alert_margin: 2 }), "`alert_margin`");
    await expectRefused(post({ name: "A", dataset_ids: [base.id], description: "x".repeat(1001) }), "`description`");
    await expectRefused(post({ name: "A", dataset_ids: ["nope"] }), "`dataset_ids`");

    const set = await createSet(owner, { dataset_ids: [base.id] });
    const add = (items: unknown) => () =>
      callApi(`/evaluation/sets/${set.id}/questions`, { token: owner.token, json: { items } });
    await expectRefused(add([{ question: "Ohne Erwartung?" }]), "`items[0]`");
    await expectRefused(
      add([
        { question: "ok", expected_text: "x" },
        { question: "", expected_text: "x" },
      ]),
      "`items[1].question`",
    );
    await expectRefused(add([{ question: "q".repeat(2001), expected_text: "x" }]), "`items[0].question`");
    await expectRefused(add([{ question: "q", expected_text: "x".repeat(2001) }]), "`items[0].expected_text`");
    await expectRefused(
      add([{ question: "q", expected_text: "x", reference_answer: "x".repeat(8001) }]),
      "`items[0].reference_answer`",
    );
    await expectRefused(add([{ question: "q", expected_text: "x", relevance: { a: 4 } }]), "`items[0].relevance.a`");
    await expectRefused(add(Array.from({ length: 501 }, () => ({ question: "q", expected_text: "x" }))), "`items`");
    await expectRefused(
      add([
        { question: "ok", expected_text: "x" },
        { question: "q", expected_doc_ids: ["fremd"] },
      ]),
      "`items[1].expected_doc_ids`",
    );
    await expectRefused(add([{ question: "q", expected_chunk_ids: ["fremd"] }]), "`items[0].expected_chunk_ids`");
    await expectRefused(add([{ question: "q", expected_text: "x", relevance: { fremd: 2 } }]), "`items[0].relevance`");
  });

  it("hold at most 2000 questions", async () => {
    const owner = await createUser();
    const set = await createSet(owner, { dataset_ids: [(await createDataset(owner)).id] });
    const batch = Array.from({ length: 500 }, (_, i) => ({ question: `Frage ${i}`, expected_text: "x" }));
    for (let i = 0; i < 4; i++) await addQuestions(owner, set.id, batch);
    const res = await callApi(`/evaluation/sets/${set.id}/questions`, {
      token: owner.token,
      json: { items: [{ question: "Eine zu viel", expected_text: "x" }] },
    });
    expect(res.body.code).not.toBe(0);
    expect(res.body.message).toContain("2000");
  });

  it("check expected ids against the set's bases, and edit and remove questions", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const base = await createDataset(owner);
    const other = await createDataset(owner);
    const docs = await ingest(owner, base.id, [textFile("a.txt", "Die Grippeimpfung wird ab 60 Jahren empfohlen.")]);
    const elsewhere = await ingest(owner, other.id, [textFile("b.txt", "Anderswo.")]);
    const docId = docs["a.txt"]?.id as string;
    const [chunkId] = await chunkIdsOf(owner, base.id, docId);
    const set = await createSet(owner, { dataset_ids: [base.id] });
    const [question] = await addQuestions(owner, set.id, [
      { question: "Ab wann?", expected_doc_ids: [docId], expected_chunk_ids: [chunkId], relevance: { [docId]: 3 } },
    ]);
    expect(question).toMatchObject({ expected_doc_ids: [docId], relevance: { [docId]: 3 }, source: "manual" });

    const put = (json: unknown) => () =>
      callApi(`/evaluation/sets/${set.id}/questions/${question?.id}`, { method: "PUT", token: owner.token, json });
    await expectRefused(put({ expected_doc_ids: [elsewhere["b.txt"]?.id] }), "`expected_doc_ids`");
    await expectRefused(put({ expected_doc_ids: [], expected_chunk_ids: [] }), "at least one");
    const edited = await put({ question: "Ab welchem Alter?", expected_text: "60 Jahren", relevance: null })();
    expect(edited.body.data).toMatchObject({
      question: "Ab welchem Alter?",
      expected_text: "60 Jahren",
      relevance: null,
    });

    const removed = await callApi(`/evaluation/sets/${set.id}/questions`, {
      method: "DELETE",
      token: owner.token,
      json: { ids: [question?.id, "unbekannt"] },
    });
    expect(removed.body.data).toEqual({ success_count: 1, errors: ["The set has no question unbekannt."] });
  });
});

describe("who may see and change a set", () => {
  it("another team gets nothing; a member reads; only the creator or a manager writes", async () => {
    const [owner, member, stranger] = [await createUser(), await createUser(), await createUser()];
    await joinTeam(owner, member);
    const shared = await createDataset(owner, { permission: "team" });
    const set = await createSet(owner, { dataset_ids: [shared.id] });
    const path = `/evaluation/sets/${set.id}`;

    for (const res of [
      await callApi(path, { token: stranger.token }),
      await callApi(`${path}/questions`, { token: stranger.token }),
    ])
      expect(res.body.code).not.toBe(0);
    expect((await callApi<{ total: number }>("/evaluation/sets", { token: stranger.token })).body.data.total).toBe(0);

    const asMember = inTeam(member, owner.id);
    expect((await callApi<EvaluationSet>(path, asMember)).body.data.id).toBe(set.id);
    const before = await fingerprint();
    const put = await callApi(path, { ...asMember, method: "PUT", json: { name: "Fremd geändert" } });
    expect(put.body.code).not.toBe(0);
    const del = await callApi(path, { ...asMember, method: "DELETE" });
    expect(del.body.code).not.toBe(0);
    expect(await fingerprint()).toBe(before);
  });

  it("refuses bases the caller cannot see, and hides sets over bases a member cannot see", async () => {
    const [owner, member] = [await createUser(), await createUser()];
    await joinTeam(owner, member);
    const secret = await createDataset(owner, { permission: "me" });
    const asMember = inTeam(member, owner.id);
    const refused = await callApi("/evaluation/sets", {
      ...asMember,
      json: { name: "Neugierig", dataset_ids: [secret.id] },
    });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.message).toContain(secret.id);

    const privateSet = await createSet(owner, { dataset_ids: [secret.id] });
    expect((await callApi(`/evaluation/sets/${privateSet.id}`, asMember)).body.code).not.toBe(0);
    const listed = await callApi<{ items: EvaluationSet[] }>("/evaluation/sets", asMember);
    expect(JSON.stringify(listed.body.data)).not.toContain(secret.id);

    // a deleted base hides nothing: the set stays
    const deleted = await callApi("/datasets", { method: "DELETE", token: owner.token, json: { ids: [secret.id] } });
    expect(deleted.body.code).toBe(0);
    expect((await callApi<EvaluationSet>(`/evaluation/sets/${privateSet.id}`, asMember)).body.data.id).toBe(
      privateSet.id,
    );
  });
});
