import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { PLAN_LIMITS, type Usage, usageLevel, usagePercent } from "../../../worker/contract/usage";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";
import { putFiles } from "../../helpers/worker/files";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const today = () => new Date().toISOString().slice(0, 10);

const usageOf = async (user: TestUser, headers: Record<string, string> = {}) => {
  const res = await callApi<Usage>("/usage", { token: user.token, headers });
  expect(res.body.code).toBe(0);
  return res.body.data;
};

// Counts are written in batches; reading the usage writes the pending ones first (the read itself counts after).
describe("request counting", () => {
  it("counts each authenticated /api/v1 request once per team and UTC day; sign-up and 401s are not counted", async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) await callApi("/datasets", { token: user.token });
    await callApi("/chats/unknown", { token: user.token });
    await callApi("/datasets", { token: "not-a-token" });
    expect((await usageOf(user)).usage.requests_today).toBe(4);
    expect((await usageOf(user)).usage.requests_today).toBe(5);
  });

  it("charges a member's requests to the team they work in", async () => {
    const owner = await createUser();
    const member = await createUser();
    // the owner's invitation (owner's team) and the member's acceptance (the member's own team)
    await joinTeam(owner, member);
    await callApi("/datasets", inTeam(member, owner.id));
    await callApi("/datasets", inTeam(member, owner.id));
    expect((await usageOf(owner)).usage.requests_today).toBe(3);
    expect((await usageOf(member)).usage.requests_today).toBe(1);
  });

  it("writes counts in batches, not one row write per request", async () => {
    const user = await createUser();
    for (let i = 0; i < 12; i++) await callApi("/datasets", { token: user.token });
    const written = async () =>
      (
        await env.DB.prepare("SELECT requests FROM usage_daily WHERE tenant_id = ?")
          .bind(user.id)
          .first<{ requests: number }>()
      )?.requests ?? 0;
    // at most the first request found the last batch old enough to write at once; the others wait
    expect(await written()).toBeLessThanOrEqual(1);
    expect((await usageOf(user)).usage.requests_today).toBe(12);
    expect(await written()).toBe(12);
  });
});

describe("GET /usage", () => {
  it("needs a caller", async () => {
    const res = await callApi("/usage");
    expect(res.status).toBe(401);
  });

  it("reports documents, chunks, stored bytes and vector dimensions that grow with uploads, with the free plan's limits", async () => {
    const user = await createUser();
    const empty = await usageOf(user);
    expect(empty.plan).toBe("free");
    expect(empty.day).toBe(today());
    expect(empty.limits).toEqual(PLAN_LIMITS.free);
    expect(empty.usage).toMatchObject({ documents: 0, chunks: 0, storage_bytes: 0, vector_dimensions: 0 });

    const dataset = await createDataset(user);
    const texts = [
      "Blutdruck senken durch Bewegung und Salzreduktion.",
      "Diabetes Typ 2: Ernährung, Bewegung und Metformin.",
    ];
    const docs = await ingest(
      user,
      dataset.id,
      texts.map((text, i) => textFile(`doc-${i}.txt`, text)),
    );
    expect(Object.values(docs).every((doc) => doc.run === "DONE")).toBe(true);
    await putFiles(user, [textFile("notiz.md", "# Notiz\n12345")]);

    const after = await usageOf(user);
    const chunks = Object.values(docs).reduce((sum, doc) => sum + doc.chunk_count, 0);
    expect(chunks).toBeGreaterThan(0);
    expect(after.usage.documents).toBe(2);
    expect(after.usage.chunks).toBe(chunks);
    const bytes =
      texts.reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0) +
      new TextEncoder().encode("# Notiz\n12345").length;
    expect(after.usage.storage_bytes).toBe(bytes);
    // every chunk has one vector of the built-in embedding's dimensions
    expect(after.usage.vector_dimensions).toBeGreaterThan(0);
    expect(after.usage.vector_dimensions % chunks).toBe(0);
    expect(after.usage.database_bytes).toBeGreaterThan(0);
    expect(after.usage.requests_today).toBeGreaterThan(0);
    expect(after.usage.requests_month).toBeGreaterThanOrEqual(after.usage.requests_today);
  });

  it("shows a team only its own numbers", async () => {
    const busy = await createUser();
    const quiet = await createUser();
    const dataset = await createDataset(busy);
    await ingest(busy, dataset.id, [textFile("a.txt", "Herzinsuffizienz und Belastung")]);
    await putFiles(busy, [textFile("b.txt", "Datei")]);
    const usage = await usageOf(quiet);
    expect(usage.usage).toMatchObject({ documents: 0, chunks: 0, storage_bytes: 0, vector_dimensions: 0 });
    expect(usage.usage.requests_today).toBe(0);
  });

  it("sums the month's days and leaves out other months", async () => {
    const user = await createUser();
    const day = today();
    const sameMonth = `${day.slice(0, 7)}-01` === day ? null : `${day.slice(0, 7)}-01`;
    const lastYear = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
    await env.DB.prepare("INSERT INTO usage_daily (tenant_id, day, requests) VALUES (?, ?, 500)")
      .bind(user.id, lastYear)
      .run();
    if (sameMonth)
      await env.DB.prepare("INSERT INTO usage_daily (tenant_id, day, requests) VALUES (?, ?, 40)")
        .bind(user.id, sameMonth)
        .run();
    const usage = await usageOf(user);
    expect(usage.usage.requests_month).toBe(usage.usage.requests_today + (sameMonth ? 40 : 0));
  });

  it("compares against the paid plan when CF_PLAN is paid", async () => {
    const user = await createUser();
    const ctx = createExecutionContext();
    const res = await app.request(
      "/api/v1/usage",
      { headers: { Authorization: user.token } },
      { ...env, CF_PLAN: "paid" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const body = (await res.json()) as { code: number; data: Usage };
    expect(body.code).toBe(0);
    expect(body.data.plan).toBe("paid");
    expect(body.data.limits).toEqual(PLAN_LIMITS.paid);
    expect(body.data.limits.requests_today).toBeNull();
    expect(body.data.limits.database_bytes).toEqual({ value: 10_000_000_000, kind: "limit" });
  });
});

describe("plan limits", () => {
  it("carries Cloudflare's published numbers", () => {
    expect(PLAN_LIMITS.free.requests_today).toEqual({ value: 100_000, kind: "limit" });
    expect(PLAN_LIMITS.free.database_bytes).toEqual({ value: 500_000_000, kind: "limit" });
    expect(PLAN_LIMITS.free.storage_bytes).toEqual({ value: 10_000_000_000, kind: "included" });
    expect(PLAN_LIMITS.free.vector_dimensions?.value).toBe(5_000_000);
    expect(PLAN_LIMITS.paid.vector_dimensions?.value).toBe(10_000_000);
    expect(PLAN_LIMITS.paid.requests_month).toEqual({ value: 10_000_000, kind: "included" });
  });

  it("turns value and limit into a percentage and a warning level above 80 %", () => {
    const limit = PLAN_LIMITS.free.requests_today;
    expect(usagePercent(25_000, limit)).toBe(25);
    expect(usagePercent(250_000, limit)).toBe(100);
    expect(usagePercent(5, null)).toBeNull();
    expect(usageLevel(80_000, limit)).toBe("ok");
    expect(usageLevel(80_001, limit)).toBe("warning");
    expect(usageLevel(100_000, limit)).toBe("exceeded");
    expect(usageLevel(1, null)).toBe("unlimited");
  });
});
