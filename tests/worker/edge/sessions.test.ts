import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, callApi } from "../../helpers/worker/api";
import { createChat, parsedDataset } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";
import { fingerprint } from "../../helpers/worker/db-state";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

describe("D1 sessions and bookmarks", () => {
  it("a read sent with a write's bookmark sees the write", async () => {
    const user = await createUser();
    const created = await callApi<{ id: string }>("/datasets", { token: user.token, json: { name: "bookmarked" } });
    const bookmark = created.headers.get("x-d1-bookmark") ?? "";
    expect(bookmark).toMatch(BOOKMARK);
    const listed = await callApi<{ id: string }[]>("/datasets", {
      token: user.token,
      headers: { "x-d1-bookmark": bookmark },
    });
    expect(listed.body.data.map((ds) => ds.id)).toContain(created.body.data.id);
    // the session continues from the bookmark: never older than it
    expect((listed.headers.get("x-d1-bookmark") ?? "") >= bookmark).toBe(true);
  });

  it("ignores a garbage bookmark, on reads and on writes", async () => {
    const user = await createUser();
    const garbage = { "x-d1-bookmark": "'; DROP TABLE users; --" };
    const listed = await callApi("/datasets", { token: user.token, headers: garbage });
    expect(listed.status).toBe(200);
    expect(listed.body.code).toBe(0);
    expect(listed.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
    const before = await fingerprint();
    const refused = await callApi("/datasets", { token: user.token, headers: garbage, json: { name: 7 } });
    expect(refused.status).toBe(200);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.message).toMatch(/name/);
    expect(await fingerprint()).toEqual(before);
    const written = await callApi("/datasets", { token: user.token, headers: garbage, json: { name: "after" } });
    expect(written.body.code).toBe(0);
    expect(written.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });

  it("sends the bookmark with error answers too", async () => {
    const user = await createUser();
    const missing = await callApi(`/datasets/${"0".repeat(32)}/documents`, { token: user.token });
    expect(missing.body.code).not.toBe(0);
    expect(missing.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });

  it("ends a stream with the bookmark after its writes when the client speaks bookmarks", {
    timeout: 30_000,
  }, async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    const chat = await createChat(user, {
      name: "streamed",
      dataset_ids: [dataset.id],
      llm_id: "builtin-extractive@Builtin",
    });
    const stream = (headers: Record<string, string>) =>
      SELF.fetch(`${BASE}/chats/${chat.id}/completions`, {
        method: "POST",
        headers: { Authorization: user.token, "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ question: "Wie viel Schlaf brauchen Erwachsene?", stream: true }),
      });
    const spoken = await stream({ "x-d1-bookmark": "" });
    const text = await spoken.text();
    const trailer = /\n\n: x-d1-bookmark (\S+)\n\n$/.exec(text)?.[1] ?? "";
    expect(trailer).toMatch(BOOKMARK);
    // the answer was saved after the headers went out: the trailer is newer than the header
    expect(trailer > (spoken.headers.get("x-d1-bookmark") ?? "")).toBe(true);
    const sessions = await callApi<{ messages: unknown[] }[]>(`/chats/${chat.id}/sessions`, {
      token: user.token,
      headers: { "x-d1-bookmark": trailer },
    });
    expect(sessions.body.data[0]?.messages.length).toBeGreaterThan(1);
    const silent = await (await stream({})).text();
    expect(silent).not.toContain("x-d1-bookmark");
  });

  it("runs the health check outside the API in a session too", async () => {
    const health = await SELF.fetch("http://buddy.test/v1/system/healthz");
    expect(health.status).toBe(200);
    expect(health.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });
});
