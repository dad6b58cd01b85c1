import { addLocalModel } from "../../helpers/worker/models";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { candidateCounts, clusterLayer } from "../../../worker/rag/raptor/cluster";
import { createDeps } from "../../../worker/services/create-deps";
import { sweepStuckWork } from "../../../worker/services/ingestion/watchdog";
import { buildRaptorTree, summaryPrompt } from "../../../worker/rag/raptor/tree";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";
import { joinTeam, inTeam } from "../../helpers/worker/teams";

// two tight groups of points in 6 dimensions, with a little spread
const point = (group: number, i: number) =>
  Float32Array.from({ length: 6 }, (_, d) => (d === group * 3 ? 1 : 0) + ((i * 7 + d * 3) % 5) * 0.01);

type Task = {
  id: string;
  progress: number;
  progress_msg: string;
  task_type: string;
  chunk_ids: string;
  doc_id: string;
  retry_count: number;
};
type Chunk = { id: string; content: string };

const trace = (user: TestUser, datasetId: string) =>
  callApi<Task | Record<string, never>>(`/datasets/${datasetId}/index?type=raptor`, { token: user.token });

const waitForTask = async (user: TestUser, datasetId: string) => {
  for (let i = 0; i < 200; i++) {
    const task = (await trace(user, datasetId)).body.data as Task;
    if (task.progress === 1 || task.progress === -1) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("RAPTOR task did not finish");
};

const LINES = {
  "impfen.txt": [
    "Die Grippeimpfung schützt ältere Menschen im Herbst.",
    "Der Impfstoff wird jedes Jahr neu angepasst.",
    "Nach der Impfung kann der Arm schmerzen.",
  ],
  "reisen.txt": [
    "Reisende brauchen für das Ausland einen gültigen Pass.",
    "Flüge nach Übersee sollten früh gebucht werden.",
  ],
};

const dataset = async (user: TestUser, raptor: Record<string, unknown> = {}) => {
  const ds = await createDataset(user, {
    parser_config: { delimiter: "`\n`", raptor: { use_raptor: true, ...raptor } },
  });
  const docs = await ingest(
    user,
    ds.id,
    Object.entries(LINES).map(([name, lines]) => textFile(name, lines.join("\n"))),
  );
  return { ...ds, docs };
};

const chunksOf = async (user: TestUser, datasetId: string, documentId = "") =>
  (
    await callApi<{ chunks: Chunk[]; total: number }>(
      `/datasets/${datasetId}/documents/${documentId}/chunks?page_size=100`,
      { token: user.token },
    )
  ).body.data;

describe("RAPTOR clustering", () => {
  it("finds two groups and is the same for the same seed", () => {
    const vectors = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => point(i % 2, i));
    const labels = clusterLayer(vectors, { maxCluster: 64, threshold: 0.1, seed: 7 });
    expect(new Set(labels).size).toBe(2);
    expect(labels.filter((_, i) => i % 2 === 0).every((label) => label === labels[0])).toBe(true);
    expect(labels.filter((_, i) => i % 2 === 1).every((label) => label === labels[1])).toBe(true);
    expect(clusterLayer(vectors, { maxCluster: 64, threshold: 0.1, seed: 7 })).toEqual(labels);
    // max_cluster 2 allows counts 1 … 1: everything in one cluster
    expect(new Set(clusterLayer(vectors, { maxCluster: 2, threshold: 0.1, seed: 7 })).size).toBe(1);
  });

  it("tries every count up to 16, then a ladder that ends at the largest", () => {
    expect(candidateCounts(3)).toEqual([1, 2, 3]);
    expect(candidateCounts(63)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 36, 54, 63]);
  });

  it("summarises layer by layer until one node is left", async () => {
    const leaves = [0, 1, 2, 3, 4, 5].map((i) => ({ text: `Blatt ${i} Gruppe ${i % 2}`, vector: point(i % 2, i) }));
    const layers: string[] = [];
    const summaries = await buildRaptorTree(
      leaves,
      { prompt: "{cluster_content}", maxToken: 256, threshold: 0.1, maxCluster: 64, seed: 0 },
      async (texts) => ({ text: texts.join(" + "), vector: Float32Array.from(point(0, texts.length)) }),
      async (from, to) => void layers.push(`${from} -> ${to}`),
    );
    expect(layers).toEqual(["6 -> 2", "2 -> 1"]);
    expect(summaries).toHaveLength(3);
    expect(
      summaries[0]?.text.split(" + ").every((text) => text.endsWith("Gruppe 0")) ||
        summaries[0]?.text.split(" + ").every((text) => text.endsWith("Gruppe 1")),
    ).toBe(true);
    expect(summaries[2]?.text.split(" + ")).toHaveLength(6);
  });

  it("skips a failed cluster and stops when a layer yields nothing", async () => {
    const leaves = [0, 1, 2, 3].map((i) => ({ text: `Blatt ${i}`, vector: point(i % 2, i) }));
    const summaries = await buildRaptorTree(
      leaves,
      { prompt: "{cluster_content}", maxToken: 256, threshold: 0.1, maxCluster: 64, seed: 0 },
      async () => null,
      async () => {},
    );
    expect(summaries).toEqual([]);
  });

  it("fills {cluster_content} with each text cut to an equal share of the context", () => {
    const [system, user] = summaryPrompt({ prompt: "Fasse zusammen:\n{cluster_content}\nEnde", maxToken: 8000 }, [
      "eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
      "kurz",
    ]);
    expect(system?.content).toBe("You're a helpful assistant.");
    expect(user?.content.startsWith("Fasse zusammen:\n")).toBe(true);
    expect(user?.content.endsWith("\nkurz\nEnde")).toBe(true);
    // (8192 − 8000) / 2 = 96 tokens each: the long text fits whole
    expect(user?.content).toContain("elf zwölf");
    const [, tight] = summaryPrompt({ prompt: "{cluster_content}", maxToken: 8188 }, [
      "one two three four five six",
      "short",
    ]);
    expect(tight?.content).toBe("one two\nshort");
  });
});

describe("RAPTOR tasks", () => {
  it("build summaries per document that retrieval finds, and can be removed", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await dataset(user);
    const impfen = ds.docs["impfen.txt"];
    expect(impfen?.chunk_count).toBe(3);
    expect((await trace(user, ds.id)).body.data).toEqual({});

    const started = await callApi<{ raptor_task_id: string }>(`/datasets/${ds.id}/index?type=raptor`, {
      method: "POST",
      token: user.token,
    });
    expect(started.body.code).toBe(0);
    const again = await callApi(`/datasets/${ds.id}/run_raptor`, { method: "POST", token: user.token });
    expect(again.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("A RAPTOR Task is already running."),
    });

    const task = await waitForTask(user, ds.id);
    expect(task).toMatchObject({ id: started.body.data.raptor_task_id, progress: 1, task_type: "raptor" });
    expect(task.progress_msg).toContain("impfen.txt: clustering 3 chunks.");
    expect(task.progress_msg).toMatch(/Cluster one layer: 3 -> [12]/);
    expect(task.progress_msg).toContain("Task done");
    // the finished task is a dataset log (RAGFlow's ingestion logs)
    const datasetLogs = await callApi<{
      logs: { task_type: string; operation_status: string; document_id: string | null; progress_msg: string }[];
    }>(`/datasets/${ds.id}/ingestions`, { token: user.token });
    expect(datasetLogs.body.data.logs).toEqual([
      expect.objectContaining({
        task_type: "RAPTOR",
        operation_status: "3",
        document_id: null,
        progress_msg: expect.stringContaining("Task done"),
      }),
    ]);
    const legacy = await callApi<Task>(`/datasets/${ds.id}/trace_raptor`, { token: user.token });
    expect(legacy.body.data.id).toBe(task.id);

    const impfenChunks = await chunksOf(user, ds.id, impfen?.id);
    const summaries = impfenChunks.chunks.filter((chunk) => chunk.content.startsWith("Zusammenfassung"));
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    // the top summary covers what the layers below it covered
    expect(summaries.at(-1)?.content).toContain("Abschnitten");
    expect(task.chunk_ids.split(" ")).toEqual(expect.arrayContaining(summaries.map((chunk) => chunk.id)));
    const reisen = await chunksOf(user, ds.id, ds.docs["reisen.txt"]?.id);
    // two chunks are summarised together into one
    expect(reisen.chunks.find((chunk) => chunk.content.startsWith("Zusammenfassung"))?.content).toBe(
      "Zusammenfassung von 2 Abschnitten: Reisende brauchen für | Flüge nach Übersee",
    );
    const docs = (
      await callApi<{ docs: { id: string; chunk_count: number }[] }>(`/datasets/${ds.id}/documents`, {
        token: user.token,
      })
    ).body.data.docs;
    expect(docs.find((doc) => doc.id === impfen?.id)?.chunk_count).toBe(3 + summaries.length);

    const hits = await callApi<{ chunks: { id: string }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Zusammenfassung Abschnitten", dataset_ids: [ds.id], vector_similarity_weight: 0 },
    });
    expect(hits.body.data.chunks.map((hit) => hit.id)).toEqual(
      expect.arrayContaining(summaries.map((chunk) => chunk.id)),
    );

    const removed = await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "DELETE", token: user.token });
    expect(removed.body).toMatchObject({ code: 0, data: true });
    expect((await chunksOf(user, ds.id, impfen?.id)).total).toBe(3);
    expect((await trace(user, ds.id)).body.data).toEqual({});
    const after = await callApi<{ total: number }>("/retrieval", {
      token: user.token,
      json: { question: "Zusammenfassung Abschnitten", dataset_ids: [ds.id], vector_similarity_weight: 0 },
    });
    expect(after.body.data.total).toBe(0);
  });

  it("with scope 'dataset' builds one tree over every document, kept with the first", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await dataset(user, { scope: "dataset" });
    await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "POST", token: user.token });
    const task = await waitForTask(user, ds.id);
    expect(task.progress_msg).toContain("The dataset: clustering 5 chunks.");
    const owner = (await chunksOf(user, ds.id, task.doc_id)).chunks.filter((chunk) =>
      chunk.content.startsWith("Zusammenfassung"),
    );
    expect(owner.at(-1)?.content).toMatch(/Zusammenfassung von \d Abschnitten/);
    expect(task.chunk_ids.split(" ").length).toBe(owner.length);
  });

  it("removing the summaries cancels a running task, which leaves nothing behind", async () => {
    const user = await createUser();
    await addLocalModel(user, "slow-model", "chat");
    const ds = await createDataset(user, {
      parser_config: { delimiter: "`\n`", llm_id: "slow-model@OpenAI-API-Compatible" },
    });
    const docs = await ingest(user, ds.id, [textFile("reisen.txt", LINES["reisen.txt"].join("\n"))]);
    await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "POST", token: user.token });
    // the model takes 3 s per summary: the task is still summarising when its summaries are removed
    for (let i = 0; i < 50 && !((await trace(user, ds.id)).body.data as Task).progress_msg?.includes("clustering"); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "DELETE", token: user.token })).body.data,
    ).toBe(true);
    const row = await env.DB.prepare("SELECT state FROM dataset_tasks WHERE dataset_id = ?")
      .bind(ds.id)
      .first<{ state: string }>();
    expect(row?.state).toBe("cancelled");
    const logged = await env.DB.prepare(
      "SELECT task_type, operation_status FROM ingestion_logs WHERE dataset_id = ? AND document_id IS NULL",
    )
      .bind(ds.id)
      .all();
    expect(logged.results).toEqual([{ task_type: "RAPTOR", operation_status: "2" }]);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await chunksOf(user, ds.id, docs["reisen.txt"]?.id)).total).toBe(2);
    expect((await trace(user, ds.id)).body.data).toEqual({});
  }, 15_000);

  it("are picked up again by the watchdog when they stop reporting, and failed after five attempts", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await dataset(user);
    await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "POST", token: user.token });
    const first = await waitForTask(user, ds.id);
    const summaries = first.chunk_ids.split(" ");
    // as if the worker running it had died: running, silent since long ago
    const silent = (attempts: number) =>
      env.DB.prepare(
        "UPDATE dataset_tasks SET state = 'running', progress = 0.5, attempts = ?, heartbeat_at = 1, update_time = 1 WHERE id = ?",
      )
        .bind(attempts, first.id)
        .run();
    await silent(1);
    expect((await sweepStuckWork(createDeps(env), ds.id)).requeuedTasks).toBe(1);
    const again = await waitForTask(user, ds.id);
    expect(again).toMatchObject({ id: first.id, progress: 1, retry_count: 2 });
    // the re-run replaced the summaries instead of adding a second set
    expect(again.chunk_ids.split(" ").toSorted()).toEqual(summaries.toSorted());
    const raptorRows = await env.DB.prepare("SELECT count(*) AS n FROM chunks WHERE dataset_id = ? AND raptor = 1")
      .bind(ds.id)
      .first<{ n: number }>();
    expect(raptorRows?.n).toBe(summaries.length);

    await silent(5);
    await sweepStuckWork(createDeps(env), ds.id);
    const given = (await trace(user, ds.id)).body.data as Task;
    expect(given.progress).toBe(-1);
    expect(given.progress_msg).toContain("[ERROR] The task stopped responding 5 times and was given up.");
  });

  it("fail after three failed summaries with the reason", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await createDataset(user, { parser_config: { delimiter: "`\n`" } });
    await ingest(
      user,
      ds.id,
      [1, 2, 3].map((n) => textFile(`f${n}.txt`, `FEHLER im ersten Absatz ${n}.\nZweiter Absatz ohne Inhalt ${n}.`)),
    );
    await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "POST", token: user.token });
    const task = await waitForTask(user, ds.id);
    expect(task.progress).toBe(-1);
    expect(task.progress_msg).toContain("A cluster of 2 chunks was skipped");
    expect(task.progress_msg).toContain("[ERROR] RAPTOR stopped after 3 failed summaries");
  }, 30_000);

  it("refuse without a chat model, without documents, for unknown index types and for other teams", async () => {
    const user = await createUser();
    const empty = await createDataset(user);
    await useLocalChatModelByDefault(user);
    expect(
      (await callApi(`/datasets/${empty.id}/index?type=raptor`, { method: "POST", token: user.token })).body,
    ).toMatchObject({ code: 102, message: `No documents in Knowledgebase ${empty.id}` });
    expect((await callApi(`/datasets/${empty.id}/index?type=tree`, { token: user.token })).body.code).toBe(101);

    const stranger = await createUser();
    for (const method of ["POST", "GET", "DELETE"]) {
      const res = await callApi(`/datasets/${empty.id}/index?type=raptor`, { method, token: stranger.token });
      expect(res.body).toMatchObject({ code: 102, message: "Invalid Dataset ID" });
    }

    const offline = await createUser();
    const ds = await createDataset(offline, { permission: "team" });
    await ingest(offline, ds.id, [textFile("a.txt", "Erster Satz.\nZweiter Satz.")]);
    const refused = await callApi(`/datasets/${ds.id}/index?type=raptor`, { method: "POST", token: offline.token });
    expect(refused.body).toMatchObject({ code: 102, message: expect.stringContaining("RAPTOR needs a chat model") });

    // a team member may watch a shared dataset's task but not start or remove one
    const member = await createUser();
    await joinTeam(offline, member);
    expect((await callApi(`/datasets/${ds.id}/index?type=raptor`, inTeam(member, offline.id))).body).toMatchObject({
      code: 0,
      data: {},
    });
    const start = await callApi(`/datasets/${ds.id}/index?type=raptor`, {
      method: "POST",
      ...inTeam(member, offline.id),
    });
    expect(start.body.message).toContain("lacks permission");
  });
});
