import { addInstance } from "../../helpers/worker/models";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { isolateStartedAt } from "../../../worker/lib/isolate";
import { createDeps } from "../../../worker/services/create-deps";
import { runTask } from "../../../worker/services/ingestion/run-task";
import { sweepStuckWork } from "../../../worker/services/ingestion/watchdog";
import {
  createDataset,
  createUser,
  ingest,
  listDocs,
  textFile,
  type TestUser,
  uploadFiles,
  waitUntilSettled,
} from "../../helpers/worker/factories";

type TaskState = { id: string; state: string; attempts: number; parse_stalls: number; progress_msg: string };

const taskOf = async (documentId: string) =>
  (await env.DB.prepare("SELECT id, state, attempts, parse_stalls, progress_msg FROM tasks WHERE document_id = ?")
    .bind(documentId)
    .first<TaskState>()) as TaskState;

// The task as a dead attempt leaves it: "running", last report "Start to parse." (0.1), silent since `heartbeat`.
const dieInParser = async (documentId: string, heartbeat: number, parseStalls = 0) => {
  await env.DB.prepare(
    "UPDATE tasks SET state = 'running', progress = 0.1, heartbeat_at = ?, parse_stalls = ? WHERE document_id = ?",
  )
    .bind(heartbeat, parseStalls, documentId)
    .run();
  await env.DB.prepare("UPDATE documents SET run = '1', progress = 0.1 WHERE id = ?").bind(documentId).run();
};

const parsedDoc = async (user: TestUser) => {
  const ds = await createDataset(user);
  const docs = await ingest(user, ds.id, [textFile("schlaf.txt", "Ein Absatz über Schlaf und Erholung.")]);
  return { ds, doc: docs["schlaf.txt"] as { id: string } };
};

describe("tasks that die", () => {
  it("where one process runs everything, work silent since before it started is picked up at once", async () => {
    const user = await createUser();
    const { ds, doc } = await parsedDoc(user);
    const beforeStart = isolateStartedAt() - 1_000;
    expect(Date.now() - beforeStart).toBeLessThan(createDeps(env).config.taskStallMs);
    await env.DB.prepare("UPDATE tasks SET state = 'running', progress = 0.6, heartbeat_at = ? WHERE document_id = ?")
      .bind(beforeStart, doc.id)
      .run();
    await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(doc.id).run();

    expect((await sweepStuckWork(createDeps(env), ds.id)).requeuedTasks).toBe(0);
    const singleProcess = createDeps({ ...env, LOCAL_STACK: "true" } as unknown as Env);
    expect((await sweepStuckWork(singleProcess, ds.id)).requeuedTasks).toBe(1);
    const [settled] = await waitUntilSettled(user, ds.id);
    expect(settled?.run).toBe("DONE");
  });

  it("a task that died inside the parser runs once more, and fails for good the second time", {
    timeout: 30_000,
  }, async () => {
    const user = await createUser();
    const { ds, doc } = await parsedDoc(user);

    await dieInParser(doc.id, 1);
    expect((await sweepStuckWork(createDeps(env), ds.id)).requeuedTasks).toBe(1);
    const [again] = await waitUntilSettled(user, ds.id);
    expect(again?.run).toBe("DONE");
    const task = await taskOf(doc.id);
    expect(task.parse_stalls).toBe(1);
    expect(task.progress_msg).toContain("Parsing stopped responding; trying once more.");

    await dieInParser(doc.id, 1, 1);
    expect((await sweepStuckWork(createDeps(env), ds.id)).requeuedTasks).toBe(0);
    const [failed] = await listDocs(user, ds.id);
    expect(failed?.run).toBe("FAIL");
    expect(failed?.progress_msg).toContain("Parsing stopped responding 2 times at the same step");
  });

  it("a redelivered message leaves a task alone while it runs, and counts its death once it stopped", async () => {
    const user = await createUser();
    const { ds, doc } = await parsedDoc(user);
    const deps = createDeps(env);

    await dieInParser(doc.id, Date.now(), 1);
    const running = await taskOf(doc.id);
    await runTask(deps, { type: "task", tenantId: user.id, taskId: running.id });
    expect(await taskOf(doc.id)).toEqual(running);

    await dieInParser(doc.id, 1, 1);
    await runTask(deps, { type: "task", tenantId: user.id, taskId: running.id });
    expect((await taskOf(doc.id)).state).toBe("failed");
    const [failed] = await listDocs(user, ds.id);
    expect(failed?.run).toBe("FAIL");
  });

  it("an attempt that throws leaves its task queued for the queue's next delivery", async () => {
    const user = await createUser();
    await addInstance(user, { api_key: "not-the-key", models: [["refused-embed", "embedding"]] });
    const ds = await createDataset(user, { embedding_model: "refused-embed@OpenAI-API-Compatible" });
    const [doc] = (await uploadFiles(user, ds.id, [textFile("a.txt", "Ein Absatz über Bewegung.")])).body.data;
    const taskId = "s".repeat(32);
    await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(doc?.id).run();
    await env.DB.prepare(
      "INSERT INTO tasks (id, document_id, dataset_id, tenant_id, create_time) VALUES (?, ?, ?, ?, ?)",
    )
      .bind(taskId, doc?.id, ds.id, user.id, Date.now())
      .run();

    await expect(runTask(createDeps(env), { type: "task", tenantId: user.id, taskId })).rejects.toThrow();
    const task = await taskOf(doc?.id as string);
    expect(task.state).toBe("queued");
    expect(task.attempts).toBe(1);
  });
});
