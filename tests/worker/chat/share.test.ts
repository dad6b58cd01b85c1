import { addLocalModel, setDefaultModels } from "../../helpers/worker/models";
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Session } from "../../../worker/contract/chats";
import type { SharedChatInfo, ShareToken } from "../../../worker/contract/share";
import { BASE, callApi } from "../../helpers/worker/api";
import { createChat, parsedDataset, streamFrames } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const VISITOR = "visitor-aaaaaaaaaaaaaaaa";
const OTHER_VISITOR = "visitor-bbbbbbbbbbbbbbbb";

const shareToken = async (user: TestUser, chatId: string, json: Record<string, unknown> = {}) => {
  const res = await callApi<ShareToken>(`/chats/${chatId}/share-tokens`, { token: user.token, json });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return res.body.data;
};

const shared = <T = unknown>(
  path: string,
  token: string,
  options: { method?: string; json?: unknown; visitor?: string; origin?: string } = {},
) =>
  callApi<T>(`/share/chats${path}${path.includes("?") ? "&" : "?"}visitor_id=${options.visitor ?? VISITOR}`, {
    method: options.method,
    token: `Bearer ${token}`,
    json: options.json,
    headers: options.origin ? { Origin: options.origin } : {},
  });

const setup = async (json: Record<string, unknown> = {}) => {
  const owner = await createUser();
  const ds = await parsedDataset(owner);
  const chat = await createChat(owner, {
    dataset_ids: [ds.id],
    name: "Öffentlich",
    design: { button_color: "#123456" },
  });
  const token = await shareToken(owner, chat.id, json);
  return { owner, chat, token };
};

describe("share links", () => {
  it("open the shared chat's public face, let a visitor chat in its own sessions, and count as 'shared' in the stats", async () => {
    const { owner, chat, token } = await setup();
    expect(token.token).toMatch(/^share-/);
    const info = await shared<SharedChatInfo>(`/${chat.id}`, token.token);
    expect(info.body.data).toMatchObject({
      id: chat.id,
      name: "Öffentlich",
      prologue: chat.prompt_config.prologue,
      design: { button_color: "#123456" },
    });
    expect(info.body.data).not.toHaveProperty("prompt_config");

    const session = (await shared<Session>(`/${chat.id}/sessions`, token.token, { json: { name: "Meine Frage" } })).body
      .data;
    const { envelopes } = await streamFrames(
      `/share/chats/${chat.id}/completions?visitor_id=${VISITOR}`,
      `Bearer ${token.token}`,
      { question: "Wie viel Schlaf?", session_id: session.id },
    );
    expect(JSON.stringify(envelopes)).toContain("sieben bis neun Stunden");
    const second = (await shared<Session>(`/${chat.id}/sessions`, token.token, { json: {} })).body.data;
    expect(
      (await shared<Session[]>(`/${chat.id}/sessions`, token.token)).body.data.map((s) => s.id).toSorted(),
    ).toEqual([session.id, second.id].toSorted());

    // another visitor sees none of it
    expect(
      (await shared<Session[]>(`/${chat.id}/sessions`, token.token, { visitor: OTHER_VISITOR })).body.data,
    ).toEqual([]);
    expect(
      (await shared(`/${chat.id}/sessions/${session.id}`, token.token, { visitor: OTHER_VISITOR })).body,
    ).toMatchObject({ code: 102, message: "Session not found!" });
    expect(
      (
        await shared(`/${chat.id}/completions`, token.token, {
          visitor: OTHER_VISITOR,
          json: { question: "x", session_id: session.id, stream: false },
        })
      ).body.code,
    ).toBe(102);

    const stats = await callApi<{ totals: { messages: number; active_users: number } }>(`/chats/${chat.id}/stats`, {
      token: owner.token,
    });
    expect(stats.body.data.totals).toMatchObject({ messages: 1, active_users: 1 });
  });

  it("binds a token to one chat of one tenant: other chats, other tenants, revoked tokens and session keys are refused", async () => {
    const { owner, chat, token } = await setup();
    const otherChat = await createChat(owner, { name: "Intern" });
    expect((await shared(`/${otherChat.id}`, token.token)).body).toMatchObject({
      code: 403,
      message: "This share link does not open this chat.",
    });
    const stranger = await createUser();
    const strangerChat = await createChat(stranger, { name: "Fremd" });
    const strangerToken = await shareToken(stranger, strangerChat.id);
    expect((await shared(`/${chat.id}`, strangerToken.token)).status).toBe(403);
    // a signed-in user's session token or API key is not a share token
    expect((await shared(`/${chat.id}`, owner.token.replace(/^Bearer /, ""))).status).toBe(401);
    // the owner's own routes refuse a share token
    expect((await callApi(`/chats/${chat.id}`, { token: `Bearer ${token.token}` })).status).toBe(401);
    // another tenant cannot list or mint share tokens for this chat
    expect((await callApi(`/chats/${chat.id}/share-tokens`, { token: stranger.token })).body.code).toBe(109);
    expect((await callApi(`/chats/${chat.id}/share-tokens`, { token: stranger.token, json: {} })).body.code).toBe(109);
    await callApi(`/chats/${chat.id}/share-tokens/${token.id}`, { method: "DELETE", token: owner.token });
    expect((await shared(`/${chat.id}`, token.token)).status).toBe(401);
    expect((await shared(`/${chat.id}`, token.token.slice(0, -1))).status).toBe(401);
  });

  it("enforces the allowed origins and sends CORS headers for them", async () => {
    const { chat, token } = await setup({ allowed_origins: ["https://praxis.example"] });
    const allowed = await shared(`/${chat.id}`, token.token, { origin: "https://praxis.example" });
    expect(allowed.body.code).toBe(0);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://praxis.example");
    const refused = await shared(`/${chat.id}`, token.token, { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Requests from https://evil.example are not allowed for this share link.");
    const preflight = await SELF.fetch(`${BASE}/share/chats/${chat.id}/completions`, {
      method: "OPTIONS",
      headers: { Origin: "https://praxis.example" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });

  it("limits requests per minute and answers per day with clear 429 errors", async () => {
    const { owner, chat, token } = await setup({ rate_per_minute: 3, daily_cap: 1 });
    const first = await shared<{ answer: string }>(`/${chat.id}/completions`, token.token, {
      json: { question: "Schlaf?", stream: false },
    });
    expect(first.body.code).toBe(0);
    const second = await shared(`/${chat.id}/completions`, token.token, {
      json: { question: "Schlaf?", stream: false },
    });
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(
      "This share link has reached its daily limit of 1 answers. Please try again tomorrow.",
    );
    await shared(`/${chat.id}`, token.token);
    const fourth = await shared(`/${chat.id}`, token.token);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toContain("allows 3 per minute");
    const listed = await callApi<ShareToken[]>(`/chats/${chat.id}/share-tokens`, { token: owner.token });
    expect(listed.body.data[0]).toMatchObject({ used_today: 2, daily_cap: 1 });
  });

  it("validates share-link settings and the visitor id", async () => {
    const { owner, chat, token } = await setup();
    const bad = await callApi(`/chats/${chat.id}/share-tokens`, {
      token: owner.token,
      json: { allowed_origins: ["https://a.example/path"] },
    });
    expect(bad.body).toMatchObject({
      code: 102,
      message: expect.stringContaining(
        "Field: <allowed_origins.0> - Message: <An allowed origin looks like https://www.example.org (scheme and host, no path).>",
      ),
    });
    expect(
      (await callApi(`/chats/${chat.id}/share-tokens`, { token: owner.token, json: { rate_per_minute: 0 } })).body.code,
    ).toBe(102);
    expect((await shared(`/${chat.id}`, token.token, { visitor: "x" })).body).toMatchObject({
      code: 102,
      message: "`visitor_id` must be 16–64 letters, digits, _ or -.",
    });
  });

  it("go with their chat: deleting the assistant leaves no share link behind", async () => {
    const { owner, chat, token } = await setup();
    const second = await shareToken(owner, chat.id);
    await callApi(`/chats/${chat.id}`, { method: "DELETE", token: owner.token });
    for (const link of [token, second]) expect((await shared(`/${chat.id}`, link.token)).status).toBe(401);
    const other = await setup();
    await callApi("/chats", { method: "DELETE", token: other.owner.token, json: { delete_all: true } });
    expect((await shared(`/${other.chat.id}`, other.token.token)).status).toBe(401);
  });

  it("read aloud: the team's TTS model speaks an answer for a visitor when the assistant has it on, counted against the daily cap", async () => {
    const { owner, chat, token } = await setup({ daily_cap: 3 });
    const speech = (text: string) =>
      SELF.fetch(`${BASE}/share/chats/${chat.id}/audio/speech?visitor_id=${VISITOR}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text }),
      });
    expect(await (await speech("Hallo")).json()).toMatchObject({
      code: 102,
      message: "Read aloud is off for this assistant.",
    });
    await callApi(`/chats/${chat.id}`, { method: "PATCH", token: owner.token, json: { prompt_config: { tts: true } } });
    expect(await (await speech("Hallo")).json()).toMatchObject({ code: 102, message: "No default TTS model is set" });
    await addLocalModel(owner, "tts-1", "tts");
    await setDefaultModels(owner.token, { tts_id: "tts-1@OpenAI-API-Compatible" });
    const audio = await speech("**Guten Tag** [ID:0]");
    expect(audio.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(await audio.text()).toBe("ID3 speech for Guten Tag ");
    // the daily cap of 3 is used up: every read-aloud request counts, refused ones too
    expect((await speech("Noch einmal")).status).toBe(429);
  });
});
