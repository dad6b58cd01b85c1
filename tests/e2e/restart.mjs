// Crash and restart: the local stack is killed (SIGKILL, no goodbye) in the middle of parsing a many-page PDF, of a
// RAPTOR build and of a knowledge-graph build (once each in `npm test`; RESTART_ROUNDS=3 for three times each),
// and restarted on the same data. Every run must end DONE with exactly the chunks, counters (and graph) of an
// uninterrupted run, no duplicates, and pick its work up again within seconds.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stackApi } from "../../scripts/bench/stack-api.mjs";
import { applyMigrations, buildSpa, ROOT, startWrangler } from "../../scripts/run.mjs";
import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { pdfFile } from "../helpers/fixtures/pdf.ts";
import { freePort, waitUntilUp } from "./harness.mjs";

const ROUNDS = Number(process.env.RESTART_ROUNDS ?? 1);
const RECOVERY_BUDGET_MS = 20_000;
const PAGES = 36;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const persistTo = mkdtempSync(join(tmpdir(), "buddy-restart-"));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const secret = randomBytes(32).toString("hex");
const { addLocalModels, api, post, register } = stackApi(baseUrl);
const models = await startOpenAiServer();

let server = null;
const start = async () => {
  server = startWrangler({
    port,
    persistTo,
    vars: { ALLOW_PRIVATE_FETCH: "true", PROVIDER_SECRET: secret },
    stdio: ["ignore", "ignore", "ignore"],
  });
  await waitUntilUp(baseUrl);
  return Date.now();
};
const crash = async () => {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid, "SIGKILL");
  await exited;
};

const pdfLine = (page, line) =>
  `Seite ${page} Zeile ${line}: Hinweise zur Pflege ${page * 100 + line}, Schlaf, Bewegung und Ernaehrung.`;
const pageLines = (page) => Array.from({ length: 30 }, (_, line) => pdfLine(page, line + 1));
const pdf = new Blob([pdfFile(Array.from({ length: PAGES }, (_, page) => ({ lines: pageLines(page + 1) })))]);

const document = async (token, datasetId, documentId) =>
  (await api(`/datasets/${datasetId}/documents?id=${documentId}`, {}, token)).body.data.docs[0];
const datasetOf = async (token, datasetId) => (await api(`/datasets?id=${datasetId}`, {}, token)).body.data[0];
const chunkIds = async (token, datasetId, documentId) => {
  const ids = [];
  for (let page = 1; ; page++) {
    const path = `/datasets/${datasetId}/documents/${documentId}/chunks?page=${page}&page_size=100`;
    const { chunks } = (await api(path, {}, token)).body.data;
    ids.push(...chunks.map((chunk) => chunk.id));
    if (chunks.length < 100) return ids;
  }
};

const uploadPdf = async (token, name) => {
  const dataset = (
    await post(
      "/datasets",
      { name, embedding_model: "slow-model@OpenAI-API-Compatible", parser_config: { task_page_size: 6 } },
      token,
    )
  ).body.data;
  const form = new FormData();
  form.append("file", pdf, `${name}.pdf`);
  const [doc] = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body.data;
  await post(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] }, token);
  return { datasetId: dataset.id, documentId: doc.id };
};

const settle = async (read, isDone, what) => {
  const until = Date.now() + 240_000;
  for (;;) {
    const state = await read();
    if (isDone(state)) return state;
    assert.ok(Date.now() < until, `${what} did not finish: ${JSON.stringify(state).slice(0, 400)}`);
    await sleep(250);
  }
};
const parsed = (token, datasetId, documentId) =>
  settle(
    () => document(token, datasetId, documentId),
    (doc) => doc.run !== "RUNNING" && doc.run !== "UNSTART",
    "parsing",
  );

// Waits until `read()` is in the middle of the work (`inMiddle`), so the kill lands there.
const midway = async (read, inMiddle) => {
  for (;;) {
    const state = await read();
    if (inMiddle(state)) return state;
    assert.ok(
      state.progress !== 1 && state.progress !== -1,
      `ended before the crash: ${JSON.stringify(state).slice(0, 300)}`,
    );
    await sleep(100);
  }
};
// The time from the restart until the work moves past where the crash left it.
const recovery = async (read, movedOn, upAt) => {
  await settle(read, (state) => movedOn(state) || state.progress === 1, "recovery");
  return Date.now() - upAt;
};

const started = Date.now();
const note = (line) => console.log(`  restart: ${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
try {
  if (!existsSync(join(ROOT, "web", "dist", "index.html"))) await buildSpa();
  await applyMigrations(persistTo);
  await start();
  const token = await register();
  // embeddings that take 3 s a batch stretch a parse over many seconds, so a crash lands in its middle
  await addLocalModels(token, models.url, GOOD_KEY, [["slow-model", ["chat", "embedding"]]], { defaults: ["chat"] });

  // the uninterrupted run every crashed one must equal
  const clean = await uploadPdf(token, "clean");
  const cleanStarted = Date.now();
  const cleanDoc = await parsed(token, clean.datasetId, clean.documentId);
  note(`uninterrupted parse: ${cleanDoc.chunk_count} chunks in ${Date.now() - cleanStarted} ms`);
  assert.equal(cleanDoc.run, "DONE");
  assert.ok(cleanDoc.chunk_count > 20, `expected many chunks, got ${cleanDoc.chunk_count}`);

  for (let round = 1; round <= ROUNDS; round++) {
    const crashed = await uploadPdf(token, `crash-${round}`);
    const read = () => document(token, crashed.datasetId, crashed.documentId);
    const killedAt = (await midway(read, (doc) => doc.progress > 0.15 && doc.progress < 0.9)).progress;
    await crash();
    const upAt = await start();
    const recoveredMs = await recovery(read, (doc) => doc.progress > killedAt, upAt);
    const doc = await parsed(token, crashed.datasetId, crashed.documentId);
    assert.equal(doc.run, "DONE", `round ${round}: ${doc.progress_msg}`);
    assert.equal(doc.chunk_count, cleanDoc.chunk_count, `round ${round}: chunk count`);
    assert.equal(doc.token_count, cleanDoc.token_count, `round ${round}: token count`);
    const ids = await chunkIds(token, crashed.datasetId, crashed.documentId);
    assert.equal(ids.length, cleanDoc.chunk_count, `round ${round}: listed chunks`);
    assert.equal(new Set(ids).size, ids.length, `round ${round}: duplicate chunks`);
    const dataset = await datasetOf(token, crashed.datasetId);
    assert.equal(dataset.chunk_count, cleanDoc.chunk_count, `round ${round}: dataset chunk count`);
    assert.ok(recoveredMs < RECOVERY_BUDGET_MS, `round ${round}: recovery took ${recoveredMs} ms`);
    note(
      `parse round ${round}: killed at ${(killedAt * 100).toFixed(0)} %, moving again ${recoveredMs} ms after restart, DONE with ${doc.chunk_count} chunks`,
    );
  }

  // RAPTOR over a small dataset, the summaries written by a chat model that takes 3 s an answer
  const paragraphs = Array.from(
    { length: 8 },
    (_, i) => `Absatz ${i}: ${["Impfung", "Schlaf", "Bewegung", "Ernaehrung"][i % 4]} im Alltag, Hinweis ${i}.`,
  ).join("\n\n");
  const raptorDataset = async (name) => {
    const dataset = (await post("/datasets", { name, parser_config: { chunk_token_num: 16 } }, token)).body.data;
    const form = new FormData();
    form.append("file", new Blob([paragraphs]), "pflege.txt");
    const [doc] = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body.data;
    await post(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] }, token);
    await parsed(token, dataset.id, doc.id);
    await post(`/datasets/${dataset.id}/index?type=raptor`, {}, token);
    return { datasetId: dataset.id, documentId: doc.id };
  };
  const raptorTask = async (datasetId) => (await api(`/datasets/${datasetId}/index?type=raptor`, {}, token)).body.data;
  const built = (datasetId) =>
    settle(
      () => raptorTask(datasetId),
      (task) => task.progress === 1 || task.progress === -1,
      "RAPTOR",
    );

  const cleanRaptor = await raptorDataset("raptor-clean");
  const cleanTask = await built(cleanRaptor.datasetId);
  assert.equal(cleanTask.progress, 1, cleanTask.progress_msg);
  const cleanRaptorChunks = (await datasetOf(token, cleanRaptor.datasetId)).chunk_count;

  for (let round = 1; round <= ROUNDS; round++) {
    const crashed = await raptorDataset(`raptor-crash-${round}`);
    // the summaries are being written (3 s each) once the log says it is clustering
    const read = () => raptorTask(crashed.datasetId);
    const clusterings = (task) => task.progress_msg?.split("clustering").length ?? 0;
    const killed = await midway(read, (task) => clusterings(task) > 1);
    await crash();
    const upAt = await start();
    const recoveredMs = await recovery(read, (task) => clusterings(task) > clusterings(killed), upAt);
    const task = await built(crashed.datasetId);
    assert.equal(task.progress, 1, `RAPTOR round ${round}: ${task.progress_msg}`);
    const summaries = task.chunk_ids.split(" ").filter(Boolean);
    assert.equal(summaries.length, cleanTask.chunk_ids.split(" ").filter(Boolean).length, `round ${round}: summaries`);
    assert.equal((await datasetOf(token, crashed.datasetId)).chunk_count, cleanRaptorChunks, `round ${round}`);
    const ids = await chunkIds(token, crashed.datasetId, crashed.documentId);
    assert.equal(new Set(ids).size, ids.length, `RAPTOR round ${round}: duplicate chunks`);
    assert.equal(ids.length, cleanRaptorChunks, `RAPTOR round ${round}: listed chunks`);
    assert.ok(recoveredMs < RECOVERY_BUDGET_MS, `RAPTOR round ${round}: recovery took ${recoveredMs} ms`);
    note(
      `RAPTOR round ${round}: killed while writing summaries, clustering again ${recoveredMs} ms after restart, ${summaries.length} summaries`,
    );
  }

  // a knowledge graph over 24 one-line chunks, the entities extracted by the 3 s chat model four at a time (saved
  // every ten chunks, so a crash after the first ten keeps them)
  const graphLines = Array.from(
    { length: 24 },
    (_, i) =>
      [
        `Zeile ${i}: Das Robert Koch-Institut sitzt in Berlin.`,
        `Zeile ${i}: Lothar Wieler leitete das Robert Koch-Institut.`,
        `Zeile ${i}: Die STIKO tagt in Berlin.`,
        `Zeile ${i}: Lothar Wieler sprach mit der STIKO.`,
      ][i % 4],
  ).join("\n");
  const graphDataset = async (name) => {
    const parserConfig = { delimiter: "`\n`", graphrag: { entity_types: ["organization", "person", "geo"] } };
    const dataset = (await post("/datasets", { name, parser_config: parserConfig }, token)).body.data;
    const form = new FormData();
    form.append("file", new Blob([graphLines]), "graph.txt");
    const [doc] = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body.data;
    await post(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] }, token);
    await parsed(token, dataset.id, doc.id);
    await post(`/datasets/${dataset.id}/index?type=graph`, {}, token);
    return { datasetId: dataset.id, documentId: doc.id };
  };
  const graphTask = async (datasetId) => (await api(`/datasets/${datasetId}/index?type=graph`, {}, token)).body.data;
  const graphBuilt = (datasetId) =>
    settle(
      () => graphTask(datasetId),
      (task) => task.progress === 1 || task.progress === -1,
      "knowledge graph",
    );
  // nodes and edges by name, sorted: what two builds of the same chunks must share
  const graphShape = async (datasetId) => {
    const { graph } = (await api(`/datasets/${datasetId}/knowledge_graph`, {}, token)).body.data;
    return {
      nodes: (graph.nodes ?? []).map((node) => `${node.id}/${node.entity_type}`).toSorted(),
      edges: (graph.edges ?? []).map((edge) => `${edge.source}->${edge.target}/${edge.weight}`).toSorted(),
    };
  };

  const cleanGraph = await graphDataset("graph-clean");
  const cleanGraphTask = await graphBuilt(cleanGraph.datasetId);
  assert.equal(cleanGraphTask.progress, 1, cleanGraphTask.progress_msg);
  const cleanShape = await graphShape(cleanGraph.datasetId);
  assert.ok(cleanShape.nodes.length >= 4, `expected a graph, got ${JSON.stringify(cleanShape)}`);
  const cleanGraphChunks = (await datasetOf(token, cleanGraph.datasetId)).chunk_count;

  for (let round = 1; round <= ROUNDS; round++) {
    const crashed = await graphDataset(`graph-crash-${round}`);
    const read = () => graphTask(crashed.datasetId);
    const extracted = (task) => /Entities extracted from (\d+)\/(\d+)/.exec(task.progress_msg ?? "");
    const starts = (task) => task.progress_msg?.split("Extracting entities").length ?? 0;
    // some chunks read, others still to come
    const killed = await midway(read, (task) => {
      const match = extracted(task);
      return !!match && Number(match[1]) < Number(match[2]);
    });
    await crash();
    const upAt = await start();
    const recoveredMs = await recovery(read, (task) => starts(task) > starts(killed), upAt);
    const task = await graphBuilt(crashed.datasetId);
    assert.equal(task.progress, 1, `graph round ${round}: ${task.progress_msg}`);
    assert.deepEqual(await graphShape(crashed.datasetId), cleanShape, `graph round ${round}: graph`);
    assert.equal((await datasetOf(token, crashed.datasetId)).chunk_count, cleanGraphChunks, `graph round ${round}`);
    const ids = await chunkIds(token, crashed.datasetId, crashed.documentId);
    assert.equal(new Set(ids).size, ids.length, `graph round ${round}: duplicate chunks`);
    assert.ok(recoveredMs < RECOVERY_BUDGET_MS, `graph round ${round}: recovery took ${recoveredMs} ms`);
    const reused = /(\d+) chunks were read before/.exec(task.progress_msg ?? "")?.[1] ?? "0";
    note(
      `graph round ${round}: killed at "${extracted(killed)?.[0]}", extracting again ${recoveredMs} ms after restart, ${reused} chunks kept from before the crash, ${cleanShape.nodes.length} entities as uninterrupted`,
    );
  }
  console.log(`\nrestart: ${ROUNDS * 3} crashes survived`);
} finally {
  if (server) process.kill(-server.pid, "SIGKILL");
  models.server.close();
  rmSync(persistTo, { recursive: true, force: true });
}
