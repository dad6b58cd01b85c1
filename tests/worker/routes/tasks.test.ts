import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, type TestUser, textFile, uploadFiles } from "../../helpers/worker/factories";

// A document "being parsed" with one open task, without a queue message, so nothing else moves it.
const parsingDocument = async (user: TestUser) => {
  const ds = await createDataset(user);
  const [doc] = (await uploadFiles(user, ds.id, [textFile("laufend.txt", "Ein Absatz.")])).body.data;
  const taskId = crypto.randomUUID().replaceAll("-", "");
  await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(doc?.id).run();
  await env.DB.prepare(
    "INSERT INTO tasks (id, document_id, dataset_id, tenant_id, state, create_time) VALUES (?, ?, ?, ?, 'running', ?)",
  )
    .bind(taskId, doc?.id, ds.id, user.id, Date.now())
    .run();
  return { documentId: doc?.id as string, taskId };
};

const stateOf = async (documentId: string, taskId: string) => ({
  run: (await env.DB.prepare("SELECT run FROM documents WHERE id = ?").bind(documentId).first<{ run: string }>())?.run,
  task: (await env.DB.prepare("SELECT state FROM tasks WHERE id = ?").bind(taskId).first<{ state: string }>())?.state,
});

describe("POST /tasks/{id}/cancel and PATCH /tasks/{id}", () => {
  it("stops the parsing a task of the team belongs to", async () => {
    const user = await createUser();
    const { documentId, taskId } = await parsingDocument(user);
    const res = await callApi<boolean>(`/tasks/${taskId}/cancel`, { token: user.token, method: "POST" });
    expect(res.body).toMatchObject({ code: 0, data: true });
    expect(await stateOf(documentId, taskId)).toEqual({ run: "2", task: "cancelled" });
  });

  it("stops it by PATCH with action stop", async () => {
    const user = await createUser();
    const { documentId, taskId } = await parsingDocument(user);
    const res = await callApi<boolean>(`/tasks/${taskId}`, {
      token: user.token,
      method: "PATCH",
      json: { action: "stop" },
    });
    expect(res.body).toMatchObject({ code: 0, data: true });
    expect(await stateOf(documentId, taskId)).toEqual({ run: "2", task: "cancelled" });
  });

  it("answers an unknown or another team's task with true, as RAGFlow does for a missing one, and touches nothing", async () => {
    const user = await createUser();
    const { documentId, taskId } = await parsingDocument(user);
    const stranger = await createUser();
    const foreign = await callApi<boolean>(`/tasks/${taskId}/cancel`, { token: stranger.token, method: "POST" });
    expect(foreign.body).toMatchObject({ code: 0, data: true });
    const missing = await callApi<boolean>("/tasks/missing_task/cancel", { token: user.token, method: "POST" });
    expect(missing.body).toMatchObject({ code: 0, data: true });
    expect(await stateOf(documentId, taskId)).toEqual({ run: "1", task: "running" });
  });

  it("refuses another action or none with code 101 and changes nothing", async () => {
    const user = await createUser();
    const { documentId, taskId } = await parsingDocument(user);
    const pause = await callApi(`/tasks/${taskId}`, { token: user.token, method: "PATCH", json: { action: "pause" } });
    expect(pause.body).toMatchObject({ code: 101, message: "Invalid action 'pause'. Only 'stop' is supported." });
    const none = await callApi(`/tasks/${taskId}`, { token: user.token, method: "PATCH", json: {} });
    expect(none.body.code).toBe(101);
    expect(none.body.message).toContain("action");
    expect(await stateOf(documentId, taskId)).toEqual({ run: "1", task: "running" });
  });

  it("refuses callers without a token", async () => {
    const cancel = await callApi("/tasks/missing_task/cancel", { method: "POST" });
    expect(cancel.status).toBe(401);
    const patch = await callApi("/tasks/missing_task", { method: "PATCH", json: { action: "stop" } });
    expect(patch.status).toBe(401);
  });
});
