import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { bookmarkOnShard, shardOfCredential } from "../../../worker/platform/d1-shards";
import type { RetrievalResult } from "../../../worker/contract/retrieval";
import { callApi } from "../../helpers/worker/api";
import { createChat } from "../../helpers/worker/chat";
import {
  createDataset,
  DEFAULT_PASSWORD,
  ingest,
  textFile,
  type TestUser,
  uniqueEmail,
} from "../../helpers/worker/factories";

// Two teams on two local D1 databases (docs/scaling.md): this project binds DB and DB_2 with D1_SHARDS="DB,DB_2".
// New teams go to DB unless D1_NEW_TEAM_SHARD names another shard, so team B registers through the same worker
// configured with D1_NEW_TEAM_SHARD="DB_2"; everything after that finds B's shard from B's credentials.
const DB_2 = (env as unknown as { DB_2: D1Database }).DB_2;
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const SHARD_2_BOOKMARK = /^DB_2:[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

const register = async (email: string, newTeamShard?: string) => {
  const ctx = createExecutionContext();
  const res = await app.request(
    "/api/v1/users",
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
      },
      body: JSON.stringify({ email, nickname: "Shard", password: DEFAULT_PASSWORD }),
    },
    newTeamShard ? ({ ...env, D1_NEW_TEAM_SHARD: newTeamShard } as unknown as Env) : env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { body: (await res.json()) as { code: number; message: string; data: { id: string } }, headers: res.headers };
};

// signs in again: the token that works from here on comes from the sign-in, which finds the shard by address
const signIn = async (email: string): Promise<TestUser> => {
  const res = await callApi<{ id: string; access_token: string }>("/auth/login", {
    json: { email, password: DEFAULT_PASSWORD },
  });
  expect(res.body.code).toBe(0);
  return { id: res.body.data.id, email, password: DEFAULT_PASSWORD, token: res.body.data.access_token };
};

const rows = async (db: D1Database, sql: string, ...params: string[]) =>
  (
    await db
      .prepare(sql)
      .bind(...params)
      .all()
  ).results;

const countIn = async (db: D1Database, table: string, tenantId: string) =>
  Number(((await rows(db, `SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`, tenantId))[0] as { n: number }).n);

// Each team: a dataset with one parsed document (through the queue) and a retrieval that finds it.
const workAs = async (user: TestUser, text: string, question: string) => {
  const dataset = await createDataset(user);
  const docs = await ingest(user, dataset.id, [textFile("notes.txt", text)]);
  expect(docs["notes.txt"]?.run).toBe("DONE");
  expect(docs["notes.txt"]?.chunk_count).toBeGreaterThan(0);
  const hits = await callApi<RetrievalResult>("/retrieval", {
    token: user.token,
    json: { question, dataset_ids: [dataset.id] },
  });
  expect(hits.body.code).toBe(0);
  return { dataset, hits: hits.body.data.chunks };
};

describe("two teams on two D1 databases", () => {
  it("keeps each team's rows in its own database, from sign-up through parsing to retrieval", {
    timeout: 60_000,
  }, async () => {
    const emailA = uniqueEmail("shard-a");
    const emailB = uniqueEmail("shard-b");
    const registeredA = await register(emailA);
    const registeredB = await register(emailB, "DB_2");
    expect([registeredA.body.code, registeredB.body.code]).toEqual([0, 0]);
    // credentials of the default shard look as they always did; the other shard's name theirs
    expect(registeredA.headers.get("Authorization")).not.toContain(".");
    expect(registeredB.headers.get("Authorization")).toMatch(/\.DB_2$/);

    const a = await signIn(emailA);
    const b = await signIn(emailB);
    expect(a.token).not.toContain(".");
    expect(b.token).toMatch(/\.DB_2$/);

    const workA = await workAs(a, "Der Leuchtturm von Hiddensee wurde 1888 gebaut.", "Leuchtturm Hiddensee");
    const workB = await workAs(b, "Die Seilbahn auf den Säntis fährt seit 1935.", "Seilbahn Säntis");
    expect(workA.hits.map((hit) => hit.content).join(" ")).toContain("Leuchtturm");
    expect(workB.hits.map((hit) => hit.content).join(" ")).toContain("Seilbahn");

    // physically: each team's account, dataset, document and chunks are in its own database only
    for (const [own, other, team] of [
      [env.DB, DB_2, a],
      [DB_2, env.DB, b],
    ] as const) {
      expect(await rows(own, "SELECT id FROM users WHERE id = ?", team.id)).toHaveLength(1);
      expect(await rows(other, "SELECT id FROM users WHERE id = ?", team.id)).toHaveLength(0);
      for (const table of ["datasets", "documents", "chunks"]) {
        expect(await countIn(own, table, team.id)).toBeGreaterThan(0);
        expect(await countIn(other, table, team.id)).toBe(0);
      }
    }
    // each team's request counts are written to its own database (the usage page writes the pending ones)
    for (const [own, other, team] of [
      [env.DB, DB_2, a],
      [DB_2, env.DB, b],
    ] as const) {
      expect((await callApi("/usage", { token: team.token })).body.code).toBe(0);
      expect(await rows(own, "SELECT day FROM usage_daily WHERE tenant_id = ? AND requests > 0", team.id)).toHaveLength(
        1,
      );
      expect(await rows(other, "SELECT day FROM usage_daily WHERE tenant_id = ?", team.id)).toHaveLength(0);
    }
    // the routing table lives on DB alone
    expect(
      await rows(
        env.DB,
        "SELECT tenant_id, shard FROM team_shards WHERE tenant_id IN (?, ?) ORDER BY shard",
        a.id,
        b.id,
      ),
    ).toEqual([
      { tenant_id: a.id, shard: "DB" },
      { tenant_id: b.id, shard: "DB_2" },
    ]);
    expect(await rows(DB_2, "SELECT tenant_id FROM team_shards")).toHaveLength(0);

    // neither team sees the other's data
    const listedByA = await callApi<{ id: string }[]>("/datasets", { token: a.token });
    expect(listedByA.body.data.map((ds) => ds.id)).toEqual([workA.dataset.id]);
    const listedByB = await callApi<{ id: string }[]>("/datasets", { token: b.token });
    expect(listedByB.body.data.map((ds) => ds.id)).toEqual([workB.dataset.id]);
    const crossRead = await callApi(`/datasets/${workB.dataset.id}/documents`, { token: a.token });
    expect(crossRead.body.code).not.toBe(0);
    const crossRetrieval = await callApi<RetrievalResult>("/retrieval", {
      token: b.token,
      json: { question: "Leuchtturm", dataset_ids: [workA.dataset.id] },
    });
    expect(crossRetrieval.body.code).not.toBe(0);
  });

  it("carries a non-default shard's bookmark with its name, and reads a write through it", async () => {
    const email = uniqueEmail("shard-bookmark");
    expect((await register(email, "DB_2")).body.code).toBe(0);
    const user = await signIn(email);
    const created = await callApi<{ id: string }>("/datasets", { token: user.token, json: { name: "on DB_2" } });
    const bookmark = created.headers.get("x-d1-bookmark") ?? "";
    expect(bookmark).toMatch(SHARD_2_BOOKMARK);
    const listed = await callApi<{ id: string }[]>("/datasets", {
      token: user.token,
      headers: { "x-d1-bookmark": bookmark },
    });
    expect(listed.body.data.map((ds) => ds.id)).toContain(created.body.data.id);
    expect((listed.headers.get("x-d1-bookmark") ?? "") >= bookmark).toBe(true);

    // a bookmark of the default shard says nothing about DB_2: ignored, the answer is still DB_2's
    const other = await callApi("/datasets", { token: (await signInDefault()).token });
    const defaultBookmark = other.headers.get("x-d1-bookmark") ?? "";
    expect(defaultBookmark).toMatch(BOOKMARK);
    const mixed = await callApi<{ id: string }[]>("/datasets", {
      token: user.token,
      headers: { "x-d1-bookmark": defaultBookmark },
    });
    expect(mixed.body.code).toBe(0);
    expect(mixed.headers.get("x-d1-bookmark")).toMatch(SHARD_2_BOOKMARK);
    // the SPA sends its newest bookmark of each shard: the session continues from its own shard's
    const both = await callApi("/datasets", {
      token: user.token,
      headers: { "x-d1-bookmark": `${defaultBookmark},${bookmark}` },
    });
    expect((both.headers.get("x-d1-bookmark") ?? "") >= bookmark).toBe(true);
    expect(both.headers.get("x-d1-bookmark")).toMatch(SHARD_2_BOOKMARK);
  });

  it("picks the request's shard from its credential and its bookmark from the header's list", () => {
    const mark = (n: number) => `00000000-${n.toString(16).padStart(8, "0")}-00000000-${"0".repeat(32)}`;
    expect(shardOfCredential(env, "ragflow-abc.DB_2")).toBe("DB_2");
    expect(shardOfCredential(env, "session-token")).toBe("DB");
    // a shard that is not configured falls back to DB, where the tagged secret is then unknown
    expect(shardOfCredential(env, "session-token.DB_9")).toBe("DB");
    expect(bookmarkOnShard(`${mark(1)},DB_2:${mark(2)}`, "DB_2")).toBe(mark(2));
    expect(bookmarkOnShard(`${mark(1)},DB_2:${mark(2)}`, "DB")).toBe(mark(1));
    expect(bookmarkOnShard(`DB_2:${mark(2)}`, "DB")).toBeNull();
  });

  it("gives API keys and share links the shard of the team that made them", async () => {
    const email = uniqueEmail("shard-key");
    expect((await register(email, "DB_2")).body.code).toBe(0);
    const user = await signIn(email);
    const dataset = await createDataset(user);
    const key = await callApi<{ token: string }>("/system/tokens", { method: "POST", token: user.token });
    expect(key.body.data.token).toMatch(/^ragflow-.+\.DB_2$/);
    const listed = await callApi<{ id: string }[]>("/datasets", { token: key.body.data.token });
    expect(listed.body.data.map((ds) => ds.id)).toEqual([dataset.id]);
    // the tag is part of the secret: another shard's name makes it an unknown key
    const moved = await callApi("/datasets", { token: key.body.data.token.replace(/\.DB_2$/, "") });
    expect(moved.status).toBe(401);

    const chat = await createChat(user, { name: "shared", dataset_ids: [], llm_id: "builtin-extractive@Builtin" });
    const link = await callApi<{ token: string }>(`/chats/${chat.id}/share-tokens`, { token: user.token, json: {} });
    expect(link.body.data.token).toMatch(/^share-.+\.DB_2$/);
    const visitor = await callApi<{ id: string }>(`/share/chats/${chat.id}?visitor_id=visitor-shard-aaaaaaaa`, {
      token: `Bearer ${link.body.data.token}`,
    });
    expect(visitor.body.code).toBe(0);
    expect(visitor.headers.get("x-d1-bookmark")).toMatch(SHARD_2_BOOKMARK);
  });

  it("refuses to invite an account of another shard, and keeps addresses unique across shards", async () => {
    const emailA = uniqueEmail("shard-owner");
    const emailB = uniqueEmail("shard-guest");
    expect((await register(emailA)).body.code).toBe(0);
    expect((await register(emailB, "DB_2")).body.code).toBe(0);
    const owner = await signIn(emailA);
    const invited = await callApi(`/tenants/${owner.id}/users`, { token: owner.token, json: { email: emailB } });
    expect(invited.body.code).not.toBe(0);
    expect(invited.body.message).toContain("another database shard");
    expect(
      await rows(env.DB, "SELECT id FROM user_tenants WHERE tenant_id = ? AND role = 'invite'", owner.id),
    ).toHaveLength(0);

    const again = await register(emailB);
    expect(again.body.code).not.toBe(0);
    expect(again.body.message).toContain("already registered");
    expect(await rows(env.DB, "SELECT id FROM users WHERE email = ?", emailB)).toHaveLength(0);
    expect(await rows(env.DB, "SELECT shard FROM team_shards WHERE email = ?", emailB)).toEqual([{ shard: "DB_2" }]);
  });
});

const signInDefault = async () => {
  const email = uniqueEmail("shard-default");
  expect((await register(email)).body.code).toBe(0);
  return signIn(email);
};
