import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatStats } from "../../../worker/contract/chats";
import type { ConversationHistory, FeedbackItem, FeedbackPage } from "../../../worker/contract/evaluation";
import { BASE, callApi } from "../../helpers/worker/api";
import { ask, createChat, createSession, parsedDataset } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// Two assistants of one user: three answers in A (wrong / liked / unrated), one in B (insufficient).
const setup = async () => {
  const user = await createUser({ nickname: "Erika Evaluatorin" });
  const ds = await parsedDataset(user);
  const chatA = await createChat(user, { dataset_ids: [ds.id], name: `A ${crypto.randomUUID().slice(0, 6)}` });
  const chatB = await createChat(user, { dataset_ids: [ds.id], name: `B ${crypto.randomUUID().slice(0, 6)}` });
  const sessionA = await createSession(user, chatA.id, "Impffragen");
  const sessionB = await createSession(user, chatB.id, "Schlaffragen");
  const turn = async (chatId: string, sessionId: string, question: string, feedback?: Record<string, unknown>) => {
    const answer = await ask(user, chatId, { question, session_id: sessionId });
    if (feedback) {
      const res = await callApi(`/chats/${chatId}/sessions/${sessionId}/messages/${answer.body.data.id}/feedback`, {
        method: "PUT",
        token: user.token,
        json: feedback,
      });
      expect(res.body.code).toBe(0);
    }
    return answer.body.data.id;
  };
  const a1 = await turn(chatA.id, sessionA.id, "Grippeimpfung ab wann?", {
    thumbup: false,
    reason: "wrong",
    feedback: "=SUM(A1) stimmt nicht",
  });
  const a2 = await turn(chatA.id, sessionA.id, "Schützt die Grippeimpfung?", { thumbup: true });
  const a3 = await turn(chatA.id, sessionA.id, "Wie viel Schlaf brauchen Erwachsene?");
  const b1 = await turn(chatB.id, sessionB.id, "Schlaf und Immunsystem?", {
    thumbup: false,
    reason: "insufficient",
    feedback: "Zu knapp, Überblick fehlt",
  });
  return { user, ds, chatA, chatB, sessionA, sessionB, ids: { a1, a2, a3, b1 } };
};

const feedback = (user: TestUser, query = "") =>
  callApi<FeedbackPage>(`/evaluation/feedback${query}`, { token: user.token });
const messageIds = (items: FeedbackItem[]) => items.map((item) => item.message_id);

describe("GET /evaluation/feedback", () => {
  it("lists rated answers of all the caller's assistants, newest first, and filters them", async () => {
    const { user, chatA, chatB, sessionB, ids } = await setup();
    const rated = (await feedback(user)).body.data;
    expect(rated.total).toBe(3);
    expect(messageIds(rated.items)).toEqual([ids.b1, ids.a2, ids.a1]);
    expect(rated.items[0]).toMatchObject({
      chat_id: chatB.id,
      chat_name: chatB.name,
      conversation_id: sessionB.id,
      session_name: "Schlaffragen",
      user_id: user.id,
      user_name: "Erika Evaluatorin",
      source: "web",
      question: "Schlaf und Immunsystem?",
      thumbup: false,
      feedback_reason: "insufficient",
      feedback: "Zu knapp, Überblick fehlt",
    });
    expect(rated.items[0]?.answer.length).toBeGreaterThan(0);

    expect((await feedback(user, "?rated=false")).body.data.total).toBe(4);
    expect(messageIds((await feedback(user, "?thumbup=none")).body.data.items)).toEqual([ids.a3]);
    expect(messageIds((await feedback(user, "?thumbup=true")).body.data.items)).toEqual([ids.a2]);
    expect(messageIds((await feedback(user, "?thumbup=false")).body.data.items)).toEqual([ids.b1, ids.a1]);
    expect(messageIds((await feedback(user, "?reason=wrong")).body.data.items)).toEqual([ids.a1]);
    expect(messageIds((await feedback(user, `?chat_id=${chatB.id}`)).body.data.items)).toEqual([ids.b1]);
    expect(messageIds((await feedback(user, `?chat_id=${chatA.id}&rated=false`)).body.data.items)).toEqual([
      ids.a3,
      ids.a2,
      ids.a1,
    ]);
    expect(messageIds((await feedback(user, "?keywords=knapp")).body.data.items)).toEqual([ids.b1]);
    // umlauts are matched regardless of case, too (SQLite's LIKE folds ASCII only)
    expect(messageIds((await feedback(user, "?keywords=%C3%BCberblick")).body.data.items)).toEqual([ids.b1]);
    expect(messageIds((await feedback(user, "?keywords=GRIPPEIMPFUNG")).body.data.items)).toEqual([ids.a2, ids.a1]);
    expect(messageIds((await feedback(user, `?from=${today()}&to=${today()}`)).body.data.items)).toHaveLength(3);
    expect((await feedback(user, `?from=${tomorrow()}&to=${tomorrow()}`)).body.data).toEqual({ total: 0, items: [] });
    expect((await feedback(user, "?from=2020-01-01&to=2020-01-31")).body.data.total).toBe(0);
  });

  it("pages through the list", async () => {
    const { user, ids } = await setup();
    const second = (await feedback(user, "?page=2&page_size=1")).body.data;
    expect(second.total).toBe(3);
    expect(messageIds(second.items)).toEqual([ids.a2]);
    expect((await feedback(user, "?page=4&page_size=1")).body.data).toEqual({ total: 3, items: [] });
  });

  it("refuses bad filter values with clear messages", async () => {
    const { user } = await setup();
    const bad = async (query: string) => (await feedback(user, query)).body;
    expect(await bad("?reason=boring")).toMatchObject({
      code: 101,
      message: expect.stringContaining("Field: <reason> - Message: <Input should be 'wrong'"),
    });
    expect(await bad("?thumbup=maybe")).toMatchObject({
      code: 101,
      message: expect.stringContaining("Field: <thumbup>"),
    });
    expect(await bad("?page_size=1000")).toMatchObject({
      code: 101,
      message: expect.stringContaining("Input should be less than or equal to 100"),
    });
    expect(await bad("?from=31.01.2026")).toMatchObject({
      code: 101,
      message: expect.stringContaining("`from` must be a date like 2026-01-31."),
    });
    expect(await bad("?from=2026-02-01&to=2026-01-01")).toMatchObject({
      code: 102,
      message: "`from` must not be after `to`.",
    });
    expect(await bad("?from=2024-01-01&to=2026-01-01")).toMatchObject({
      code: 102,
      message: "A date range spans at most 366 days.",
    });
  });

  it("keeps every team's feedback to itself", async () => {
    const { chatA, sessionA } = await setup();
    const stranger = await createUser();
    expect((await feedback(stranger, "?rated=false")).body.data).toEqual({ total: 0, items: [] });
    expect((await feedback(stranger, `?chat_id=${chatA.id}`)).body).toMatchObject({
      code: 109,
      message: "no authorization",
    });
    expect((await callApi(`/evaluation/conversations/${sessionA.id}`, { token: stranger.token })).body).toMatchObject({
      code: 102,
      message: "Session not found!",
    });
    expect((await callApi(`/evaluation/unanswered`, { token: stranger.token })).body.data).toEqual({
      total: 0,
      items: [],
    });
    const json = (await (
      await SELF.fetch(`${BASE}/evaluation/feedback/export?format=json&rated=false`, {
        headers: { Authorization: stranger.token },
      })
    ).json()) as { items: unknown[] };
    expect(json.items).toEqual([]);
    expect((await callApi(`/evaluation/stats`, { token: stranger.token })).body.data).toMatchObject({
      totals: { messages: 0 },
    });
    expect((await callApi("/evaluation/feedback")).status).toBe(401);
  });
});

describe("GET /evaluation/conversations/{id}", () => {
  it("returns every turn of one conversation in order with its feedback", async () => {
    const { user, chatA, sessionA, ids } = await setup();
    const history = (
      await callApi<ConversationHistory>(`/evaluation/conversations/${sessionA.id}`, { token: user.token })
    ).body.data;
    expect(history).toMatchObject({
      conversation_id: sessionA.id,
      chat_id: chatA.id,
      chat_name: chatA.name,
      session_name: "Impffragen",
      user_name: "Erika Evaluatorin",
      source: "web",
    });
    expect(messageIds(history.turns)).toEqual([ids.a1, ids.a2, ids.a3]);
    expect(history.turns.map((turn) => turn.thumbup)).toEqual([false, true, null]);
    expect(history.turns[0]).toMatchObject({ question: "Grippeimpfung ab wann?", feedback_reason: "wrong" });
    expect((await callApi(`/evaluation/conversations/${"0".repeat(32)}`, { token: user.token })).body).toMatchObject({
      code: 102,
      message: "Session not found!",
    });
  });
});

describe("GET /evaluation/feedback/export", () => {
  it("downloads the filtered feedback as CSV with a BOM and a formula guard, or as JSON", async () => {
    const { user, chatA, ids } = await setup();
    const csv = await SELF.fetch(`${BASE}/evaluation/feedback/export?format=csv`, {
      headers: { Authorization: user.token },
    });
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename\*=UTF-8''feedback_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe(
      "time,chat_id,chat_name,conversation_id,session_name,user_id,user_name,source,question,answer,thumbup,feedback_reason,feedback,tokens",
    );
    expect(lines).toHaveLength(4);
    const wrong = lines.find((line) => line.includes("Grippeimpfung ab wann?"));
    expect(wrong).toContain(`${chatA.id},${chatA.name},`);
    expect(wrong).toContain("Erika Evaluatorin,web,");
    expect(wrong).toContain(",false,wrong,'=SUM(A1) stimmt nicht,");

    const res = await SELF.fetch(`${BASE}/evaluation/feedback/export?format=json&thumbup=false&chat_id=${chatA.id}`, {
      headers: { Authorization: user.token },
    });
    expect(res.headers.get("Content-Disposition")).toMatch(/feedback_.*\.json$/);
    const json = (await res.json()) as { from: string; to: string; total: number; items: FeedbackItem[] };
    expect(json.total).toBe(1);
    expect(json.items.map((item) => item.message_id)).toEqual([ids.a1]);
    expect(json.items[0]).toMatchObject({
      feedback: "=SUM(A1) stimmt nicht",
      feedback_reason: "wrong",
      chat_name: chatA.name,
    });

    const bad = await callApi(`/evaluation/feedback/export?format=xlsx`, { token: user.token });
    expect(bad.body).toMatchObject({ code: 101, message: expect.stringContaining("Input should be 'csv' or 'json'") });
  });
});

describe("GET /evaluation/stats", () => {
  it("sums the six figures over all assistants with the per-assistant stats' code", async () => {
    const { user, chatA } = await setup();
    const all = (await callApi<ChatStats>("/evaluation/stats", { token: user.token })).body.data;
    expect(all.totals).toMatchObject({ messages: 4, active_users: 1, rounds: 2, satisfaction: 33.3, unanswered: 0 });
    expect(all.days).toEqual([expect.objectContaining({ date: today(), messages: 4 })]);
    const one = (await callApi<ChatStats>(`/evaluation/stats?chat_id=${chatA.id}`, { token: user.token })).body.data;
    const direct = (await callApi<ChatStats>(`/chats/${chatA.id}/stats`, { token: user.token })).body.data;
    expect(one).toEqual(direct);
    expect(one.totals).toMatchObject({ messages: 3, satisfaction: 50 });
  });
});
