import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDeps } from "../../../worker/services/create-deps";
import { runTask } from "../../../worker/services/ingestion/run-task";
import { sweepStuckWork } from "../../../worker/services/ingestion/watchdog";
import { reportPdf } from "../../helpers/fixtures/documents";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  ingest,
  listDocs,
  parseDocs,
  textFile,
  uploadFiles,
  waitUntilSettled,
} from "../../helpers/worker/factories";

const countChunks = async (documentId: string) =>
  (await env.DB.prepare(
    "SELECT count(*) AS n, count(DISTINCT content) AS distinctContent FROM chunks WHERE document_id = ?",
  )
    .bind(documentId)
    .first<{ n: number; distinctContent: number }>()) ?? { n: 0, distinctContent: 0 };

describe("parsing reliability", () => {
  it("splits a long PDF into page-range tasks and reports each range", { timeout: 60_000 }, async () => {
    const user = await createUser();
    // the report has 60 pages
    const ds = await createDataset(user, { parser_config: { task_page_size: 25 } });
    const docs = await ingest(user, ds.id, [reportPdf()], 55_000);
    const doc = docs["geologie-bericht.pdf"];
    expect(doc?.run).toBe("DONE");
    const tasks = await env.DB.prepare(
      "SELECT from_page, to_page, state FROM tasks WHERE document_id = ? ORDER BY from_page",
    )
      .bind(doc?.id)
      .all<{ from_page: number; to_page: number; state: string }>();
    expect(tasks.results.map((t) => [t.from_page, t.to_page])).toEqual([
      [1, 25],
      [26, 50],
      [51, 60],
    ]);
    expect(tasks.results.every((t) => t.state === "done")).toBe(true);
    expect(doc?.progress_msg).toContain("Page(51~60): Task done");
  });

  it("cancels a running parse: the document ends CANCEL and no task keeps running", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { task_page_size: 5 } });
    const [doc] = (await uploadFiles(user, ds.id, [reportPdf()])).body.data;
    await parseDocs(user, ds.id, [doc?.id as string]);
    const stop = await callApi(`/datasets/${ds.id}/documents/stop`, {
      token: user.token,
      json: { document_ids: [doc?.id] },
    });
    expect(stop.body.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const [after] = await listDocs(user, ds.id);
    expect(after?.run).toBe("CANCEL");
    expect(after?.progress_msg).toContain("[Canceled]");
    const open = await env.DB.prepare(
      "SELECT count(*) AS n FROM tasks WHERE document_id = ? AND state IN ('queued','running')",
    )
      .bind(doc?.id)
      .first<{ n: number }>();
    expect(open?.n).toBe(0);
    expect((await countChunks(doc?.id as string)).n).toBe(after?.chunk_count);
  });

  it("a task that crashed mid-way is re-queued by the watchdog and finishes without duplicate chunks", {
    timeout: 60_000,
  }, async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { chunk_token_num: 16 } });
    const text = Array.from(
      { length: 12 },
      (_, i) => `Absatz ${i}: Hinweise zur Pflege von Angehörigen, Teil ${i}.`,
    ).join("\n\n");
    const docs = await ingest(user, ds.id, [textFile("pflege.txt", text)]);
    const doc = docs["pflege.txt"];
    const clean = await countChunks(doc?.id as string);
    expect(clean.n).toBeGreaterThan(3);

    // simulate a crash: the task is "running", stopped reporting long ago and left half of its chunks
    await env.DB.prepare("UPDATE tasks SET state = 'running', progress = 0.6, heartbeat_at = 1 WHERE document_id = ?")
      .bind(doc?.id)
      .run();
    await env.DB.prepare("UPDATE documents SET run = '1', progress = 0.6 WHERE id = ?").bind(doc?.id).run();
    await env.DB.prepare(
      "DELETE FROM chunks WHERE id IN (SELECT id FROM chunks WHERE document_id = ? ORDER BY position LIMIT 3)",
    )
      .bind(doc?.id)
      .run();

    const swept = await sweepStuckWork(createDeps(env), ds.id);
    expect(swept.requeuedTasks).toBe(1);
    const [settled] = await waitUntilSettled(user, ds.id);
    expect(settled?.run).toBe("DONE");
    const after = await countChunks(doc?.id as string);
    expect(after).toEqual(clean);
    expect(settled?.chunk_count).toBe(clean.n);
  });

  it("a document whose plan message was lost is planned again", { timeout: 30_000 }, async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("a.txt", "Ein Absatz über Schlaf.")])).body.data;
    await env.DB.prepare("UPDATE documents SET run = '1', process_begin_at = 1 WHERE id = ?").bind(doc?.id).run();
    const swept = await sweepStuckWork(createDeps(env), ds.id);
    expect(swept.replannedDocuments).toBe(1);
    const [settled] = await waitUntilSettled(user, ds.id);
    expect(settled?.run).toBe("DONE");
  });

  it("a queued task of a cancelled document is closed instead of lingering for the watchdog", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("c.txt", "Ein Absatz.")])).body.data;
    await env.DB.prepare("UPDATE documents SET run = '2' WHERE id = ?").bind(doc?.id).run();
    await env.DB.prepare(
      "INSERT INTO tasks (id, document_id, dataset_id, tenant_id, create_time) VALUES (?, ?, ?, ?, ?)",
    )
      .bind("t".repeat(32), doc?.id, ds.id, user.id, Date.now())
      .run();
    await runTask(createDeps(env), { type: "task", tenantId: user.id, taskId: "t".repeat(32) });
    const task = await env.DB.prepare("SELECT state FROM tasks WHERE id = ?")
      .bind("t".repeat(32))
      .first<{ state: string }>();
    expect(task?.state).toBe("cancelled");
  });

  it("gives up on a task that stopped responding five times", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const docs = await ingest(user, ds.id, [textFile("b.txt", "Ein Absatz über Bewegung.")]);
    const doc = docs["b.txt"];
    await env.DB.prepare("UPDATE tasks SET state = 'running', attempts = 5, heartbeat_at = 1 WHERE document_id = ?")
      .bind(doc?.id)
      .run();
    await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(doc?.id).run();
    await sweepStuckWork(createDeps(env), ds.id);
    const [settled] = await listDocs(user, ds.id);
    expect(settled?.run).toBe("FAIL");
    expect(settled?.progress_msg).toContain("stopped responding 5 times");
  });
});
