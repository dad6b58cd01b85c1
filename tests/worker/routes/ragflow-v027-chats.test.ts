import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createChat, createSession } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

type ChatList = { chats: { id: string; name: string }[]; total: number };
type SessionRow = { id: string; name: string };

describe("RAGFlow v0.27 assistants: names, owners and lists", () => {
  it("words a bad assistant name as RAGFlow does and refuses a tenant_id in the body", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    const patch = (json: unknown) => callApi(`/chats/${chat.id}`, { token: user.token, method: "PATCH", json });
    expect((await patch({ name: 1 })).body).toMatchObject({ code: 102, message: "chat name must be a string" });
    expect((await patch({ name: "" })).body).toMatchObject({ code: 102, message: "`name` cannot be empty" });
    const created = await callApi("/chats", { token: user.token, json: { name: "Fremd", tenant_id: "other-team" } });
    expect(created.body).toMatchObject({ code: 102, message: "`tenant_id` must not be provided" });
    expect((await patch({ tenant_id: "other-team" })).body.code).toBe(102);
    const listed = await callApi<ChatList>("/chats", { token: user.token });
    expect(listed.body.data.chats.map((row) => row.name)).toEqual([chat.name]);
  });

  it("refuses a prompt variable named twice and keeps the stored ones", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    const twice = { prompt_config: { parameters: [{ key: "knowledge" }, { key: "knowledge" }] } };
    const duplicate = "`parameters` contains duplicate key: knowledge";
    const created = await callApi("/chats", { token: user.token, json: { name: "Doppelt", ...twice } });
    expect(created.body).toMatchObject({ code: 102, message: duplicate });
    // PUT without a name keeps the name (RAGFlow checks a name only when one is sent)
    const put = await callApi(`/chats/${chat.id}`, { token: user.token, method: "PUT", json: twice });
    expect(put.body).toMatchObject({ code: 102, message: duplicate });
    const renamedLess = await callApi<{ name: string }>(`/chats/${chat.id}`, {
      token: user.token,
      method: "PUT",
      json: { description: "neu" },
    });
    expect(renamedLess.body).toMatchObject({ code: 0, data: { name: chat.name } });
  });

  it("lists every assistant when no usable page is given, and pages only with one", async () => {
    const user = await createUser();
    for (const name of ["a", "b", "c"]) await createChat(user, { name });
    const list = async (query: string) => (await callApi<ChatList>(`/chats?${query}`, { token: user.token })).body.data;
    expect((await list("page_size=1")).chats).toHaveLength(3);
    expect((await list("page=0&page_size=1")).chats).toHaveLength(3);
    expect((await list("page=a&page_size=1")).chats).toHaveLength(3);
    const second = await list("page=2&page_size=2");
    expect(second).toMatchObject({ total: 3 });
    expect(second.chats).toHaveLength(1);
  });

  it("answers an id or name that matches nothing with an empty list, ignoring keywords beside them", async () => {
    const user = await createUser();
    const chat = await createChat(user, { name: "Impfberatung" });
    const none = await callApi<ChatList>("/chats?id=0123456789abcdef0123456789abcdef", { token: user.token });
    expect(none.body).toMatchObject({ code: 0, data: { chats: [], total: 0 } });
    const named = await callApi<ChatList>("/chats?name=Impfberatung&keywords=nichts", { token: user.token });
    expect(named.body.data.chats.map((row) => row.id)).toEqual([chat.id]);
  });

  it("says `You don't own the chat` on the OpenAI-compatible route for an id that is not the caller's", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const chat = await createChat(owner, {});
    const res = await callApi(`/openai/${chat.id}/chat/completions`, {
      token: stranger.token,
      json: { model: "buddy", messages: [{ role: "user", content: "Hallo" }], stream: false },
    });
    expect(res.body).toMatchObject({ code: 102, message: `You don't own the chat ${chat.id}` });
  });
});

describe("RAGFlow v0.27 sessions: names and pages", () => {
  it("calls every unusable session name empty and cuts a long one at 255 characters", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    for (const name of ["", " ", 1, null]) {
      const res = await callApi(`/chats/${chat.id}/sessions`, { token: user.token, json: { name } });
      expect(res.body).toMatchObject({ code: 102, message: "`name` can not be empty" });
    }
    const session = await createSession(user, chat.id, "Erste");
    const path = `/chats/${chat.id}/sessions/${session.id}`;
    const long = await callApi<SessionRow>(path, {
      token: user.token,
      method: "PATCH",
      json: { name: "x".repeat(300) },
    });
    expect(long.body.data.name).toBe("x".repeat(255));
    const numeric = await callApi(path, { token: user.token, method: "PATCH", json: { name: 1 } });
    expect(numeric.body).toMatchObject({ code: 102, message: "`name` can not be empty" });
    // no name: nothing changes, the session comes back
    const unchanged = await callApi<SessionRow>(path, { token: user.token, method: "PATCH", json: {} });
    expect(unchanged.body).toMatchObject({ code: 0, data: { id: session.id, name: "x".repeat(255) } });
  });

  it("reads a page it cannot parse as the first page instead of refusing it", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    for (const name of ["s1", "s2", "s3"]) await createSession(user, chat.id, name);
    const list = async (query: string) =>
      (await callApi<SessionRow[]>(`/chats/${chat.id}/sessions?${query}`, { token: user.token })).body;
    expect((await list("page=a&page_size=2")).data).toHaveLength(2);
    expect((await list("page_size=a")).data).toHaveLength(3);
    expect((await list("page=2&page_size=2")).data).toHaveLength(1);
  });
});

describe("RAGFlow v0.27 search apps and webhook polls", () => {
  it("answers 109 `no authorization` when another team changes or deletes a search app", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const created = await callApi<{ search_id: string }>("/searches", { token: owner.token, json: { name: "Intern" } });
    const id = created.body.data.search_id;
    const put = await callApi(`/searches/${id}`, {
      token: stranger.token,
      method: "PUT",
      json: { name: "x", search_config: {} },
    });
    expect(put.body).toMatchObject({ code: 109, message: "no authorization" });
    const unknown = await callApi("/searches/unknown", { token: owner.token, method: "DELETE" });
    expect(unknown.body).toMatchObject({ code: 109, message: "no authorization" });
    const read = await callApi(`/searches/${id}`, { token: stranger.token });
    expect(read.body.code).toBe(102);
  });

  it("answers a webhook log poll with RAGFlow's trace fields beside Buddy's logs", async () => {
    const user = await createUser();
    const agent = await createAgent(user, flow([["begin", "Begin", {}, []]]));
    const res = await callApi(`/agents/${agent.id}/webhook/logs?since_ts=0`, { token: user.token });
    expect(res.body).toMatchObject({
      code: 0,
      data: { logs: [], events: [], finished: false, webhook_id: null, next_since_ts: 0 },
    });
  });
});
