import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createUser } from "../../helpers/worker/factories";

describe("GET /system/*", () => {
  it("answers ping with plain pong", async () => {
    const res = await callApi("/system/ping");
    expect(res.status).toBe(200);
    expect(res.body).toBe("pong");
  });

  it("reports the version in the envelope", async () => {
    const res = await callApi<string>("/system/version");
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  it("tells whether registration is open", async () => {
    const res = await callApi<{ registerEnabled: boolean; disablePasswordLogin: boolean }>("/system/config");
    expect(res.body.data).toEqual({ registerEnabled: true, disablePasswordLogin: false });
  });

  it("reports healthy database and storage without an envelope", async () => {
    const res = await callApi("/system/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ db: "ok", doc_engine: "ok", storage: "ok", status: "ok" });
    // RAGFlow's older path answers the same
    const legacy = await SELF.fetch("http://buddy.test/v1/system/healthz");
    expect(await legacy.json()).toEqual(res.body);
  });
});

describe("GET /system/status", () => {
  it("refuses a caller without a token", async () => {
    const res = await callApi("/system/status");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it("reports each part under RAGFlow's keys, the queue as unknown rather than green", async () => {
    const user = await createUser();
    const res = await callApi<Record<string, Record<string, string>>>("/system/status", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { doc_engine, storage, database, redis, task_executor_heartbeats } = res.body.data;
    expect(doc_engine).toMatchObject({ type: "vector-index", status: "green" });
    expect(storage).toMatchObject({ storage: "r2", status: "green" });
    expect(database).toMatchObject({ database: "d1", status: "green" });
    expect(database?.elapsed).toMatch(/^\d+\.\d$/);
    expect(redis).toMatchObject({ queue: "cloudflare-queues", status: "unknown" });
    expect(task_executor_heartbeats).toEqual({});
  });
});

describe("unknown routes", () => {
  it("answer 404 with the RAGFlow not-found envelope", async () => {
    const res = await callApi("/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 404,
      message: "Not Found: /api/v1/no/such/thing",
      data: null,
      error: "Not Found",
    });
  });
});
