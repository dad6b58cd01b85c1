import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Chat } from "../../../worker/contract/chats";
import type {
  EvaluationAlert,
  EvaluationRunSummary,
  EvaluationSet,
  RunComparison,
} from "../../../worker/contract/evaluation-sets";
import { createDeps } from "../../../worker/services/create-deps";
import { sweepStuckWork } from "../../../worker/services/ingestion/watchdog";
import { scheduleRunsAfterReparse } from "../../../worker/services/evaluation-sets/reparse";
import { runEvaluationSlice } from "../../../worker/services/evaluation-sets/run-execute";
import { callApi } from "../../helpers/worker/api";
import { createChat } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";
import { addQuestions, createSet, finishedRun, startRun } from "../../helpers/worker/evaluation-sets";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const LOG2_3 = Math.log2(3);
// keyword-only retrieval keeps exactly the chunks sharing a word with the question, best coverage first
const KEYWORD_ONLY = { vector_similarity_weight: 0 };

type World = { owner: TestUser; baseId: string; docs: Record<string, string>; chunks: Record<string, string> };
let world: World;

const chunkOf = async (user: TestUser, baseId: string, docId: string) =>
  (await callApi<{ chunks: { id: string }[] }>(`/datasets/${baseId}/documents/${docId}/chunks`, user)).body.data
    .chunks[0]?.id as string;

beforeAll(async () => {
  const owner = await createUser();
  const base = await createDataset(owner, { permission: "team" });
  const parsed = await ingest(owner, base.id, [
    textFile("a.txt", "Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen."),
    textFile("b.txt", "Erwachsene brauchen sieben bis neun Stunden Schlaf."),
    textFile("c.txt", "Trinken Sie täglich zwei Liter Wasser."),
  ]);
  const docs = Object.fromEntries(Object.entries(parsed).map(([name, doc]) => [name, doc.id]));
  const chunks: Record<string, string> = {};
  for (const [name, id] of Object.entries(docs)) chunks[name] = await chunkOf(owner, base.id, id);
  world = { owner, baseId: base.id, docs, chunks };
}, 60_000);

// Six questions whose keyword-only ranking is certain, with their hand-computed scores:
const sixQuestions = () => {
  const { docs, chunks } = world;
  return [
    // [a] → rank 1, nDCG 1, recall 1
    { question: "Grippeimpfung", expected_doc_ids: [docs["a.txt"]] },
    // [b], but a expected → no hit
    { question: "Schlaf", expected_doc_ids: [docs["a.txt"]] },
    // [c, b] in either order, both expected → rank 1, nDCG 1, recall 1
    { question: "Wasser Schlaf", expected_chunk_ids: [chunks["c.txt"]], expected_doc_ids: [docs["b.txt"]] },
    // [c (3 words), b (1 word)], graded c 1, b 3 → nDCG (1 + 3/log2 3) / (3 + 1/log2 3)
    {
      question: "Liter Wasser täglich Schlaf",
      expected_chunk_ids: [chunks["c.txt"]],
      expected_doc_ids: [docs["b.txt"]],
      relevance: { [docs["b.txt"] as string]: 3 },
    },
    // [c], the span in c → rank 1
    { question: "Liter Wasser", expected_text: "zwei liter   WASSER" },
    // [c, b], b expected → rank 2, nDCG 1/log2 3
    { question: "Liter Wasser täglich Schlaf", expected_doc_ids: [docs["b.txt"]] },
  ];
};
const GRADED = (1 + 3 / LOG2_3) / (3 + 1 / LOG2_3);
const EXPECTED = {
  ndcg_at_10: (1 + 0 + 1 + GRADED + 1 + 1 / LOG2_3) / 6,
  hit_at_1: 4 / 6,
  hit_at_5: 5 / 6,
  hit_at_10: 5 / 6,
  mrr: (1 + 0 + 1 + 1 + 1 + 0.5) / 6,
  recall_at_10: 5 / 6,
};

const runs = (user: TestUser, setId: string) =>
  callApi<{ total: number; items: EvaluationRunSummary[] }>(`/evaluation/sets/${setId}/runs`, user);

describe("a run over a small knowledge base", () => {
  it("gives the hand-computed metrics, per question and in all", { timeout: 60_000 }, async () => {
    const { owner } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId] });
    const questions = await addQuestions(owner, set.id, sixQuestions());
    const runId = await startRun(owner, set.id, { label: "nur Stichwörter", settings: KEYWORD_ONLY });
    const run = await finishedRun(owner, runId);
    expect(run).toMatchObject({
      status: "done",
      progress: 1,
      label: "nur Stichwörter",
      trigger: "manual",
      error: null,
    });
    expect(run.settings).toEqual(KEYWORD_ONLY);
    for (const [key, value] of Object.entries(EXPECTED))
      expect(run.metrics?.[key as keyof typeof EXPECTED], key).toBeCloseTo(value, 4);
    expect(run.metrics).not.toHaveProperty("answer_fact_recall");

    expect(run.questions.map((q) => q.question_id)).toEqual(questions.map((q) => q.id));
    expect(run.questions.map((q) => q.hit_rank)).toEqual([1, null, 1, 1, 1, 2]);
    expect(run.questions[3]?.ndcg_at_10).toBeCloseTo(GRADED, 4);
    expect(run.questions[5]?.chunks.map((c) => [c.document_name, c.correct])).toEqual([
      ["c.txt", false],
      ["b.txt", true],
    ]);
    expect(run.questions[1]?.chunks.map((c) => c.id)).toEqual([world.chunks["b.txt"]]);

    const listed = (await runs(owner, set.id)).body.data;
    expect(listed).toMatchObject({ total: 1, items: [{ id: runId, status: "done" }] });
    const withLast = (await callApi<EvaluationSet>(`/evaluation/sets/${set.id}`, owner)).body.data;
    expect(withLast.last_run?.id).toBe(runId);
  });

  it("compares two runs, raises an alert on a drop, and applies the better settings", { timeout: 60_000 }, async () => {
    const { owner } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId], alert_margin: 0.1 });
    await addQuestions(owner, set.id, sixQuestions());
    const good = await finishedRun(owner, await startRun(owner, set.id, { settings: KEYWORD_ONLY }));
    // nothing reaches a threshold of 1 in hybrid search: every question misses
    const bad = await finishedRun(
      owner,
      await startRun(owner, set.id, { settings: { similarity_threshold: 1, vector_similarity_weight: 0.5 } }),
    );
    expect(bad.metrics).toMatchObject({ ndcg_at_10: 0, hit_at_10: 0, mrr: 0 });

    const compared = (await callApi<RunComparison>(`/evaluation/runs/compare?a=${good.id}&b=${bad.id}`, owner)).body
      .data;
    expect(compared.a.id).toBe(good.id);
    expect(compared.delta.ndcg_at_10).toBeCloseTo(-EXPECTED.ndcg_at_10, 4);
    expect(compared.delta.mrr).toBeCloseTo(-EXPECTED.mrr, 4);
    expect(compared.questions.map((q) => q.change)).toEqual(["worse", "same", "worse", "worse", "worse", "worse"]);
    expect(compared.questions[5]).toMatchObject({ a_rank: 2, b_rank: null, b_chunks: [] });
    expect(compared.questions[5]?.a_chunks).toHaveLength(2);
    const back = (await callApi<RunComparison>(`/evaluation/runs/compare?a=${bad.id}&b=${good.id}`, owner)).body.data;
    expect(back.questions[0]?.change).toBe("better");

    const alerts = (await callApi<EvaluationAlert[]>("/evaluation/alerts", owner)).body.data;
    const alert = alerts.find((entry) => entry.set_id === set.id);
    expect(alert).toMatchObject({ run_id: bad.id, previous_run_id: good.id, metric: "ndcg_at_10", current: 0 });
    expect(alert?.drop).toBeCloseTo(EXPECTED.ndcg_at_10, 4);
    // a margin wider than the drop silences it
    await callApi(`/evaluation/sets/${set.id}`, { method: "PUT", token: owner.token, json: { alert_margin: 0.9 } });
    const quiet = (await callApi<EvaluationAlert[]>("/evaluation/alerts", owner)).body.data;
    expect(quiet.some((entry) => entry.set_id === set.id)).toBe(false);

    const chat = await createChat(owner, { dataset_ids: [world.baseId], vector_similarity_weight: 0.3, top_k: 512 });
    const toChat = await callApi(`/evaluation/runs/${bad.id}/apply`, {
      token: owner.token,
      json: { target: "chat", chat_id: chat.id },
    });
    expect(toChat.body).toMatchObject({ code: 0, data: true });
    const applied = (await callApi<Chat>(`/chats/${chat.id}`, owner)).body.data;
    expect(applied).toMatchObject({ similarity_threshold: 1, vector_similarity_weight: 0.5, top_k: 512 });
    const toBase = await callApi(`/evaluation/runs/${good.id}/apply`, {
      token: owner.token,
      json: { target: "dataset", dataset_id: world.baseId },
    });
    expect(toBase.body.code).toBe(0);
    const base = (await callApi<{ vector_similarity_weight: number }>(`/datasets/${world.baseId}`, owner)).body.data;
    expect(base.vector_similarity_weight).toBe(0);
    const wrong = await callApi(`/evaluation/runs/${good.id}/apply`, {
      token: owner.token,
      json: { target: "assistant", chat_id: chat.id },
    });
    expect(wrong.body.message).toContain("`target`");

    expect((await callApi(`/evaluation/runs/${bad.id}`, { method: "DELETE", token: owner.token })).body.data).toBe(
      true,
    );
    expect((await runs(owner, set.id)).body.data.total).toBe(1);
    expect((await callApi(`/evaluation/runs/${bad.id}`, owner)).body.code).not.toBe(0);
  });

  it("checks answers: key facts of the reference and citations of expected chunks", { timeout: 60_000 }, async () => {
    const { owner, docs } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId] });
    await addQuestions(owner, set.id, [
      {
        question: "Ab wann wird die Grippeimpfung empfohlen?",
        expected_doc_ids: [docs["a.txt"]],
        // two facts; the base has only the first
        reference_answer: "Die Grippeimpfung wird ab 60 Jahren empfohlen. Sie kostet 99 Euro.",
      },
      { question: "Grippeimpfung", expected_doc_ids: [docs["a.txt"]] },
    ]);
    const chat = await createChat(owner, { dataset_ids: [world.baseId] });
    const run = await finishedRun(owner, await startRun(owner, set.id, { settings: { chat_id: chat.id } }));
    expect(run.status).toBe("done");
    const [checked, plain] = run.questions;
    expect(checked).toMatchObject({ answer_facts_found: 1, answer_facts_total: 2 });
    expect(checked?.answer).toContain("60 Jahren");
    expect(plain).not.toHaveProperty("answer");
    expect(run.metrics).toMatchObject({ answer_fact_recall: 0.5, answer_citation_precision: 1 });

    const foreignChat = await callApi(`/evaluation/sets/${set.id}/runs`, {
      token: owner.token,
      json: { settings: { chat_id: "fremd" } },
    });
    expect(foreignChat.body.code).not.toBe(0);
  });

  it("lets team members read runs, and strangers nothing", { timeout: 60_000 }, async () => {
    const { owner } = world;
    const [member, stranger] = [await createUser(), await createUser()];
    await joinTeam(owner, member);
    const set = await createSet(owner, { dataset_ids: [world.baseId] });
    await addQuestions(owner, set.id, [{ question: "Grippeimpfung", expected_text: "60 Jahren" }]);
    const runId = await startRun(owner, set.id, { settings: KEYWORD_ONLY });
    const asMember = inTeam(member, owner.id);
    expect((await finishedRun(asMember, runId)).metrics?.hit_at_1).toBe(1);
    const memberRun = await callApi(`/evaluation/sets/${set.id}/runs`, { ...asMember, json: { settings: {} } });
    expect(memberRun.body.code).not.toBe(0);
    for (const path of [
      `/evaluation/runs/${runId}`,
      `/evaluation/sets/${set.id}/runs`,
      `/evaluation/runs/compare?a=${runId}&b=${runId}`,
    ])
      expect((await callApi(path, stranger)).body.code, path).not.toBe(0);
    const empty = await createSet(owner, { dataset_ids: [world.baseId] });
    const noQuestions = await callApi(`/evaluation/sets/${empty.id}/runs`, { token: owner.token, json: {} });
    expect(noQuestions.body.message).toContain("no questions");
  });
});

describe("runs as queued work", () => {
  it("run in slices and never redo a question a retried message already answered", { timeout: 90_000 }, async () => {
    const { owner } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId] });
    const items = Array.from({ length: 25 }, (_, i) => ({
      question: `Grippeimpfung ${i}`,
      expected_text: "60 Jahren",
    }));
    const questions = await addQuestions(owner, set.id, items);
    // a run row without its queue message, and a result as an earlier delivery left it (a miss, on purpose)
    const runId = crypto.randomUUID().replaceAll("-", "");
    const ids = JSON.stringify(questions.map((q) => q.id));
    await env.DB.prepare(
      `INSERT INTO evaluation_runs (id, set_id, tenant_id, created_by, settings, question_ids, create_time, update_time)
       VALUES (?, ?, ?, ?, '{"vector_similarity_weight":0}', ?, 1, 1)`,
    )
      .bind(runId, set.id, owner.id, owner.id, ids)
      .run();
    await env.DB.prepare(
      `INSERT INTO evaluation_results (run_id, question_id, position, question, hit_rank, ndcg_at_10, recall_at_10, chunks)
       VALUES (?, ?, 0, 'Grippeimpfung 0', NULL, 0, 0, '[]')`,
    )
      .bind(runId, questions[0]?.id)
      .run();
    const message = { type: "evaluation" as const, tenantId: owner.id, runId };
    // this slice answers 20 and queues the rest
    await runEvaluationSlice(createDeps(env), message);
    const run = await finishedRun(owner, runId);
    expect(run.status).toBe("done");
    expect(run.questions).toHaveLength(25);
    expect(run.questions[0]?.hit_rank).toBeNull();
    expect(run.questions.slice(1).every((q) => q.hit_rank === 1)).toBe(true);
    expect(run.metrics?.hit_at_1).toBeCloseTo(24 / 25, 4);
    // a late duplicate delivery changes nothing
    await runEvaluationSlice(createDeps(env), message);
    expect((await finishedRun(owner, runId)).metrics).toEqual(run.metrics);
  });

  it("queues one run after a re-parse of a base, with the last run's settings", { timeout: 90_000 }, async () => {
    const { owner } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId], schedule_after_reparse: true });
    await addQuestions(owner, set.id, [{ question: "Grippeimpfung", expected_text: "60 Jahren" }]);
    await finishedRun(owner, await startRun(owner, set.id, { settings: KEYWORD_ONLY }));
    const unscheduled = await createSet(owner, { dataset_ids: [world.baseId] });
    await addQuestions(owner, unscheduled.id, [{ question: "Grippeimpfung", expected_text: "60 Jahren" }]);

    await ingest(owner, world.baseId, [textFile(`neu-${crypto.randomUUID().slice(0, 6)}.txt`, "Neuer Text.")]);
    // the run is queued right after the document turns DONE
    let after = (await runs(owner, set.id)).body.data.items;
    for (let i = 0; i < 50 && after.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await runs(owner, set.id)).body.data.items;
    }
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ trigger: "reparse", settings: KEYWORD_ONLY });
    expect((await finishedRun(owner, after[0]?.id as string)).status).toBe("done");
    expect((await runs(owner, unscheduled.id)).body.data.total).toBe(0);

    // a run still waiting: no second one
    await env.DB.prepare(
      `INSERT INTO evaluation_runs (id, set_id, tenant_id, created_by, settings, question_ids, create_time, update_time)
       VALUES (?, ?, ?, ?, '{}', '[]', 2, 2)`,
    )
      .bind(crypto.randomUUID().replaceAll("-", ""), set.id, owner.id, owner.id)
      .run();
    await scheduleRunsAfterReparse(createDeps(env), world.baseId);
    expect((await runs(owner, set.id)).body.data.total).toBe(3);
  });

  it("keep only chunks with one of the tags when tag_ids are given", { timeout: 60_000 }, async () => {
    const { owner } = world;
    const base = await createDataset(owner);
    const docs = await ingest(owner, base.id, [
      textFile("sommer.txt", "Im Sommer viel Wasser trinken."),
      textFile("winter.txt", "Im Winter auch Wasser trinken."),
    ]);
    const summer = docs["sommer.txt"]?.id as string;
    const summerChunk = await chunkOf(owner, base.id, summer);
    const tagged = await callApi(`/datasets/${base.id}/documents/${summer}/chunks/${summerChunk}`, {
      method: "PUT",
      token: owner.token,
      json: { tag_kwd: ["Sommer"] },
    });
    expect(tagged.body.code).toBe(0);
    const set = await createSet(owner, { dataset_ids: [base.id] });
    await addQuestions(owner, set.id, [{ question: "Wasser trinken", expected_doc_ids: [docs["winter.txt"]?.id] }]);
    const all = await finishedRun(owner, await startRun(owner, set.id, { settings: KEYWORD_ONLY }));
    expect(all.questions[0]?.chunks).toHaveLength(2);
    expect(all.questions[0]?.hit_rank).not.toBeNull();
    const summerOnly = await finishedRun(
      owner,
      await startRun(owner, set.id, { settings: { ...KEYWORD_ONLY, tag_ids: ["Sommer"] } }),
    );
    expect(summerOnly.questions[0]?.chunks.map((c) => c.id)).toEqual([summerChunk]);
    expect(summerOnly.metrics).toMatchObject({ hit_at_10: 0, ndcg_at_10: 0 });
  });

  it("fail with retrieval's refusal, such as a rerank model not set up", { timeout: 60_000 }, async () => {
    const { owner } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId] });
    await addQuestions(owner, set.id, [{ question: "Grippeimpfung", expected_text: "60 Jahren" }]);
    const run = await finishedRun(owner, await startRun(owner, set.id, { settings: { rerank_id: "gibt-es-nicht" } }));
    expect(run).toMatchObject({ status: "failed", metrics: null, questions: [] });
    expect(run.error).toContain("gibt-es-nicht");
    expect(run.finish_time).toEqual(expect.any(Number));
  });

  it("are sent again by the watchdog when their message was lost, and given up when long dead", {
    timeout: 60_000,
  }, async () => {
    const { owner } = world;
    const set = await createSet(owner, { dataset_ids: [world.baseId] });
    const [question] = await addQuestions(owner, set.id, [{ question: "Grippeimpfung", expected_text: "60 Jahren" }]);
    const insert = (id: string, createTime: number) =>
      env.DB.prepare(
        `INSERT INTO evaluation_runs (id, set_id, tenant_id, created_by, status, settings, question_ids, create_time, update_time)
         VALUES (?, ?, ?, ?, 'running', '{"vector_similarity_weight":0}', ?, ?, 1)`,
      )
        .bind(id, set.id, owner.id, owner.id, JSON.stringify([question?.id]), createTime)
        .run();
    const [lost, dead] = [crypto.randomUUID().replaceAll("-", ""), crypto.randomUUID().replaceAll("-", "")];
    await insert(lost, Date.now());
    await insert(dead, 1);
    await sweepStuckWork(createDeps(env));
    expect(await finishedRun(owner, lost)).toMatchObject({ status: "done", metrics: { hit_at_1: 1 } });
    expect(await finishedRun(owner, dead)).toMatchObject({ status: "failed", questions: [] });
  });
});
