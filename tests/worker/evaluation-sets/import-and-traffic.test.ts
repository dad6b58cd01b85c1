import { describe, expect, it } from "vitest";
import type { FeedbackPage } from "../../../worker/contract/evaluation";
import type { EvaluationQuestion, ImportReport } from "../../../worker/contract/evaluation-sets";
import { callApi } from "../../helpers/worker/api";
import { ask, createChat } from "../../helpers/worker/chat";
import { fingerprint } from "../../helpers/worker/db-state";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";
import { createSet } from "../../helpers/worker/evaluation-sets";

const importFile = (user: TestUser, setId: string, file: File) => {
  const form = new FormData();
  form.append("file", file);
  return callApi<ImportReport>(`/evaluation/sets/${setId}/import`, { token: user.token, body: form });
};
const questionsOf = async (user: TestUser, setId: string) =>
  (await callApi<{ items: EvaluationQuestion[] }>(`/evaluation/sets/${setId}/questions?page_size=100`, user)).body.data
    .items;

const baseWithOneDocument = async (user: TestUser) => {
  const base = await createDataset(user);
  const docs = await ingest(user, base.id, [
    textFile("a.txt", "Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen."),
  ]);
  const docId = docs["a.txt"]?.id as string;
  const chunks = await callApi<{ chunks: { id: string }[] }>(`/datasets/${base.id}/documents/${docId}/chunks`, user);
  return { base, docId, chunkId: chunks.body.data.chunks[0]?.id as string };
};

describe("importing questions", () => {
  it("adds the good lines of a CSV and reports the bad ones by line", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const { base, docId, chunkId } = await baseWithOneDocument(owner);
    const set = await createSet(owner, { dataset_ids: [base.id] });
    const csv = [
      "question,expected_doc_ids,expected_chunk_ids,expected_text,reference_answer",
      `Ab wann impfen?,${docId},,,"Ab 60 Jahren, sagt die STIKO."`,
      "Ohne Erwartung?,,,,",
      `Zwei Chunks?,,${chunkId}; ${chunkId},,`,
      "Fremder Abschnitt?,,fremd,,",
      ",,,60 Jahren,",
      "Nur Text?,,,ab 60 Jahren,",
    ].join("\n");
    const report = (await importFile(owner, set.id, textFile("fragen.csv", csv, "text/csv"))).body.data;
    expect(report.added).toBe(3);
    expect(report.errors.map((error) => error.line)).toEqual([3, 5, 6]);
    expect(report.errors[0]?.message).toContain("at least one");
    expect(report.errors[1]?.message).toContain("`expected_chunk_ids`");
    expect(report.errors[2]?.message).toContain("`question`");
    const questions = await questionsOf(owner, set.id);
    expect(questions.map((q) => [q.question, q.source])).toEqual([
      ["Ab wann impfen?", "import"],
      ["Zwei Chunks?", "import"],
      ["Nur Text?", "import"],
    ]);
    expect(questions[0]).toMatchObject({
      expected_doc_ids: [docId],
      reference_answer: "Ab 60 Jahren, sagt die STIKO.",
    });
    expect(questions[1]?.expected_chunk_ids).toEqual([chunkId]);
  });

  it("reads JSONL, one question object a line", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const { base, docId } = await baseWithOneDocument(owner);
    const set = await createSet(owner, { dataset_ids: [base.id] });
    const jsonl = [
      JSON.stringify({ question: "Ab wann?", expected_doc_ids: [docId], relevance: { [docId]: 2 } }),
      "{kein json",
      "",
      JSON.stringify({ question: "Zu gut?", expected_text: "x", relevance: { [docId]: 9 } }),
      JSON.stringify(["keine", "Frage"]),
    ].join("\n");
    const report = (await importFile(owner, set.id, textFile("fragen.jsonl", jsonl))).body.data;
    expect(report.added).toBe(1);
    expect(report.errors.map((error) => error.line)).toEqual([2, 4, 5]);
    expect(report.errors[1]?.message).toContain("`relevance.");
    expect((await questionsOf(owner, set.id))[0]).toMatchObject({ relevance: { [docId]: 2 }, source: "import" });
  });

  it("refuses other files and callers who may not change the set, changing nothing", async () => {
    const [owner, stranger] = [await createUser(), await createUser()];
    const set = await createSet(owner, { dataset_ids: [(await createDataset(owner)).id] });
    const before = await fingerprint();
    const wrongType = await importFile(owner, set.id, textFile("fragen.txt", "question\nA?"));
    expect(wrongType.body.code).not.toBe(0);
    expect(wrongType.body.message).toContain("`file`");
    const noFile = await callApi(`/evaluation/sets/${set.id}/import`, { token: owner.token, body: new FormData() });
    expect(noFile.body.message).toContain("`file`");
    const foreign = await importFile(
      stranger,
      set.id,
      textFile("fragen.jsonl", '{"question":"A?","expected_text":"x"}'),
    );
    expect(foreign.body.code).not.toBe(0);
    expect(await fingerprint()).toBe(before);
  });
});

describe("questions from real traffic", () => {
  it("turns a feedback row into a question expecting the chunks its answer cited", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const { base, chunkId } = await baseWithOneDocument(owner);
    const chat = await createChat(owner, { dataset_ids: [base.id] });
    await ask(owner, chat.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" });
    const feedback = await callApi<FeedbackPage>(`/evaluation/feedback?rated=false&chat_id=${chat.id}`, owner);
    const turnId = feedback.body.data.items[0]?.id as string;
    const set = await createSet(owner, { dataset_ids: [base.id] });

    const res = await callApi<EvaluationQuestion>(`/evaluation/sets/${set.id}/questions/from-feedback`, {
      token: owner.token,
      json: { feedback_id: turnId },
    });
    expect(res.body.data).toMatchObject({
      question: "Ab wann wird die Grippeimpfung empfohlen?",
      expected_chunk_ids: [chunkId],
      source: "feedback",
    });

    // another team's set cannot take it, and a made-up row is refused by name
    const unknown = await callApi(`/evaluation/sets/${set.id}/questions/from-feedback`, {
      token: owner.token,
      json: { feedback_id: "erfunden" },
    });
    expect(unknown.body.message).toContain("`feedback_id`");
    const both = await callApi(`/evaluation/sets/${set.id}/questions/from-feedback`, {
      token: owner.token,
      json: { feedback_id: turnId, unanswered_question: "Beides?" },
    });
    expect(both.body.code).not.toBe(0);
  });

  it("turns an unanswered question into one expecting the chunk that resolved it", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const { base, chunkId } = await baseWithOneDocument(owner);
    const chat = await createChat(owner, { dataset_ids: [base.id] });
    await ask(owner, chat.id, { question: "Quantenchromodynamik Gluonen" });
    const set = await createSet(owner, { dataset_ids: [base.id] });
    const path = `/evaluation/sets/${set.id}/questions/from-feedback`;

    const unresolved = await callApi(path, {
      token: owner.token,
      json: { unanswered_question: "Quantenchromodynamik Gluonen" },
    });
    expect(unresolved.body.message).toContain("`expected_chunk_ids`");

    await callApi("/evaluation/unanswered/resolve", {
      token: owner.token,
      json: { question: "Quantenchromodynamik Gluonen", chunk_id: chunkId },
    });
    const resolved = await callApi<EvaluationQuestion>(path, {
      token: owner.token,
      json: { unanswered_question: "quantenchromodynamik gluonen" },
    });
    expect(resolved.body.data).toMatchObject({ expected_chunk_ids: [chunkId], source: "unanswered" });
    const given = await callApi<EvaluationQuestion>(path, {
      token: owner.token,
      json: { unanswered_question: "Was sind Gluonen?", expected_chunk_ids: [chunkId] },
    });
    expect(given.body.data).toMatchObject({ question: "Was sind Gluonen?", expected_chunk_ids: [chunkId] });
  });
});
