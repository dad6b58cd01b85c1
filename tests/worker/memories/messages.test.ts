import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MessageView } from "../../../worker/contract/memories";
import { callApi } from "../../helpers/worker/api";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { addTurn, createMemory } from "../../helpers/worker/memories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

type Listed = MessageView & { agent_name: string; extract: unknown[] };
type MessagePage = { messages: { message_list: Listed[]; total_count: number }; storage_type: string };

let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [owner, member, outsider] = [await createUser(), await createUser(), await createUser()];
  await joinTeam(owner, member);
});

const messageCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM memory_messages").first<{ n: number }>())?.n ?? 0;

const listOf = async (user: TestUser, memoryId: string, query = "") =>
  (await callApi<MessagePage>(`/memories/${memoryId}${query}`, { token: user.token })).body.data.messages;

describe("POST /messages and GET /memories/:id", () => {
  it("stores a turn in every named memory and lists it newest first with paging", async () => {
    const [a, b] = [await createMemory(owner), await createMemory(owner)];
    const res = await addTurn(owner, [a.id, b.id], {
      user_input: "what is coriander?",
      agent_response: "coriander can refer to leaves or seeds",
      agent_id: "agent-x",
      session_id: "sess-42",
    });
    expect(res.body).toMatchObject({ code: 0, message: "All add to task." });
    for (const memory of [a, b]) {
      const list = await listOf(owner, memory.id);
      expect(list.total_count).toBe(1);
      expect(list.message_list[0]).toMatchObject({
        message_type: "raw",
        memory_id: memory.id,
        agent_id: "agent-x",
        session_id: "sess-42",
        user_id: owner.id,
        status: true,
        forget_at: null,
        agent_name: "Unknown",
        extract: [],
      });
    }
    for (let i = 0; i < 4; i++)
      await addTurn(owner, a.id, { user_input: `q${i}`, agent_response: `a${i}`, agent_id: `ag-${i % 2}` });
    expect((await listOf(owner, a.id, "?page=3&page_size=2")).message_list).toHaveLength(1);
    expect((await listOf(owner, a.id, "?page=2&page_size=10")).message_list).toHaveLength(0);
    const byAgent = await listOf(owner, a.id, "?agent_id=ag-1");
    expect(byAgent.message_list.map((m) => m.agent_id)).toEqual(["ag-1", "ag-1"]);
    // keywords match the session id, as in RAGFlow
    expect((await listOf(owner, a.id, "?keywords=ss-4")).message_list.map((m) => m.session_id)).toEqual(["sess-42"]);
  });

  it.each([
    [
      { memory_id: ["x"], agent_id: "a", session_id: "s" },
      "required argument are missing: user_input,agent_response; ",
    ],
    [
      { memory_id: 5, agent_id: "a", session_id: "s", user_input: "u", agent_response: "r" },
      "`memory_id` must be a string or a list of strings.",
    ],
    [
      { memory_id: ["x"], agent_id: "a", session_id: "s", user_input: "u".repeat(65_537), agent_response: "r" },
      "`user_input` is longer than 65536 characters.",
    ],
    [
      { memory_id: ["x"], agent_id: 1, session_id: "s", user_input: "u", agent_response: "r" },
      "`agent_id` must be a string.",
    ],
  ])("refuses %j with code 101 and stores nothing", async (json, message) => {
    const before = await messageCount();
    const res = await callApi("/messages", { token: owner.token, json });
    expect(res.body).toMatchObject({ code: 101, message });
    expect(await messageCount()).toBe(before);
  });

  it("refuses a memory the caller does not see and stores nothing", async () => {
    const memory = await createMemory(owner);
    const before = await messageCount();
    for (const caller of [{ token: outsider.token }, inTeam(member, owner.id)]) {
      const res = await callApi("/messages", {
        ...caller,
        json: { memory_id: [memory.id], agent_id: "a", session_id: "s", user_input: "u", agent_response: "r" },
      });
      expect(res.body).toMatchObject({ code: 404, message: "Some messages failed to add. Detail:Memory not found." });
      expect((await callApi(`/memories/${memory.id}`, caller)).body.code).toBe(404);
    }
    expect(await messageCount()).toBe(before);
  });

  it("forgets the oldest turns first once memory_size is exceeded (FIFO)", async () => {
    const memory = await createMemory(owner);
    const turnBytes = new TextEncoder().encode("User Input: q1\nAgent Response: a1").length;
    await callApi(`/memories/${memory.id}`, {
      method: "PUT",
      token: owner.token,
      json: { memory_size: turnBytes * 2 },
    });
    for (const i of [1, 2, 3]) await addTurn(owner, memory.id, { user_input: `q${i}`, agent_response: `a${i}` });
    const recent = await callApi<MessageView[]>(`/messages?memory_id=${memory.id}`, { token: owner.token });
    expect(recent.body.data.map((m) => m.content)).toEqual([
      "User Input: q3\nAgent Response: a3",
      "User Input: q2\nAgent Response: a2",
    ]);
    const tooBig = await addTurn(owner, memory.id, { user_input: "x".repeat(200), agent_response: "y" });
    expect(tooBig.body.code).toBe(101);
  });
});

describe("one message: content, status, forget", () => {
  it("reads, disables and forgets a message; search leaves both out", async () => {
    const memory = await createMemory(owner);
    await addTurn(owner, memory.id, { user_input: "what is pineapple?", agent_response: "a tropical fruit" });
    await addTurn(owner, memory.id, { user_input: "pineapple price?", agent_response: "two euros" });
    const [newer, older] = (await listOf(owner, memory.id)).message_list as [Listed, Listed];
    const content = await callApi<MessageView>(`/messages/${memory.id}:${older.message_id}/content`, {
      token: owner.token,
    });
    expect(content.body.data).toMatchObject({
      message_id: older.message_id,
      content: "User Input: what is pineapple?\nAgent Response: a tropical fruit",
    });

    const off = await callApi(`/messages/${memory.id}:${older.message_id}`, {
      method: "PUT",
      token: owner.token,
      json: { status: false },
    });
    expect(off.body.code).toBe(0);
    const forget = await callApi(`/messages/${memory.id}:${newer.message_id}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(forget.body).toMatchObject({ code: 0, data: true });
    const [afterNewer, afterOlder] = (await listOf(owner, memory.id)).message_list as [Listed, Listed];
    expect(afterOlder.status).toBe(false);
    expect(afterNewer.forget_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const search = await callApi<MessageView[]>(`/messages/search?memory_id=${memory.id}&query=pineapple`, {
      token: owner.token,
    });
    expect(search.body.data).toEqual([]);
    const recent = await callApi<MessageView[]>(`/messages?memory_id=${memory.id}`, { token: owner.token });
    expect(recent.body.data.map((m) => m.message_id)).toEqual([older.message_id]);
  });

  it("answers RAGFlow's codes for bad status, unknown messages and unknown memories", async () => {
    const memory = await createMemory(owner);
    const cases: [string, string, unknown, number, string][] = [
      ["PUT", `/messages/${memory.id}:1`, { status: "false" }, 101, "Status must be a boolean."],
      ["PUT", `/messages/${memory.id}:1`, {}, 101, "required argument are missing: status; "],
      [
        "GET",
        `/messages/${memory.id}:999999/content`,
        undefined,
        404,
        `Message '999999' in memory '${memory.id}' not found.`,
      ],
      [
        "GET",
        `/messages/${memory.id}:abc/content`,
        undefined,
        404,
        `Message 'abc' in memory '${memory.id}' not found.`,
      ],
      ["DELETE", "/messages/missing_memory_id:1", undefined, 404, "Memory 'missing_memory_id' not found."],
      ["PUT", "/messages/missing_memory_id:1", { status: false }, 404, "Memory 'missing_memory_id' not found."],
    ];
    for (const [method, path, json, code, message] of cases) {
      const res = await callApi(path, { method, token: owner.token, json });
      expect(res.status, path).toBe(200);
      expect(res.body, `${method} ${path}`).toMatchObject({ code, message });
    }
  });

  it("refuses another team's message to read, disable or forget", async () => {
    const memory = await createMemory(owner);
    await addTurn(owner, memory.id, { user_input: "geheim", agent_response: "ja" });
    const [message] = (await listOf(owner, memory.id)).message_list as [Listed];
    const ref = `/messages/${memory.id}:${message.message_id}`;
    expect((await callApi(`${ref}/content`, { token: outsider.token })).body.code).toBe(404);
    expect((await callApi(ref, { method: "PUT", token: outsider.token, json: { status: false } })).body.code).toBe(404);
    expect((await callApi(ref, { method: "DELETE", token: outsider.token })).body.code).toBe(404);
    const [after] = (await listOf(owner, memory.id)).message_list as [Listed];
    expect(after).toMatchObject({ status: true, forget_at: null });
  });
});

describe("GET /messages and GET /messages/search", () => {
  it("needs memory ids for recent messages and filters them by agent and session", async () => {
    const res = await callApi("/messages", { token: owner.token });
    expect(res.body).toMatchObject({ code: 101, message: "memory_ids is required." });
    const memory = await createMemory(owner);
    await addTurn(owner, memory.id, { user_input: "a", agent_response: "b", agent_id: "A1", session_id: "S1" });
    await addTurn(owner, memory.id, { user_input: "c", agent_response: "d", agent_id: "A2", session_id: "S2" });
    const recent = async (query: string) =>
      (await callApi<MessageView[]>(`/messages?memory_id=${memory.id}${query}`, { token: owner.token })).body.data;
    expect((await recent("")).map((m) => m.agent_id)).toEqual(["A2", "A1"]);
    expect((await recent("&agent_id=A1")).map((m) => m.session_id)).toEqual(["S1"]);
    expect((await recent("&session_id=S2")).map((m) => m.agent_id)).toEqual(["A2"]);
    expect(await recent("&limit=1")).toHaveLength(1);
    expect((await callApi(`/messages?memory_id=${memory.id}&limit=101`, { token: owner.token })).body.code).toBe(101);
    const outsiderRecent = await callApi<MessageView[]>(`/messages?memory_id=${memory.id}`, { token: outsider.token });
    expect(outsiderRecent.body).toMatchObject({ code: 0, data: [] });
  });

  it("ranks messages by the question's words, honours top_n and filters, and hides other teams' messages", async () => {
    const memory = await createMemory(owner);
    await addTurn(owner, memory.id, {
      user_input: "what is coriander?",
      agent_response: "coriander can refer to leaves or seeds",
      agent_id: "herbs",
    });
    await addTurn(owner, memory.id, { user_input: "seeds of pumpkins?", agent_response: "roasted they are tasty" });
    await addTurn(owner, memory.id, { user_input: "weather today?", agent_response: "sunny" });
    const search = async (query: string, user: TestUser = owner) =>
      (
        await callApi<(MessageView & { similarity: number })[]>(`/messages/search?memory_id=${memory.id}&${query}`, {
          token: user.token,
        })
      ).body;
    const hits = (await search("query=Coriander leaves and seeds")).data;
    expect(hits.map((hit) => hit.content?.split("\n")[0])).toEqual([
      "User Input: what is coriander?",
      "User Input: seeds of pumpkins?",
    ]);
    expect(hits[0]?.similarity).toBe(1);
    expect((await search("query=seeds&top_n=1")).data).toHaveLength(1);
    expect((await search("query=seeds&agent_id=herbs")).data.map((hit) => hit.agent_id)).toEqual(["herbs"]);
    expect((await search("query=seeds", outsider)).data).toEqual([]);
    expect((await search("query=seeds&similarity_threshold=2")).code).toBe(101);
    const noMemory = await callApi("/messages/search?query=seeds", { token: owner.token });
    expect(noMemory.body).toMatchObject({ code: 0, data: [] });
  });

  it("refuses every memory route without a valid token with 401", async () => {
    for (const path of ["/memories", "/messages", "/messages/search", "/memories/x", "/messages/x:1/content"]) {
      const res = await callApi(path, { token: "Bearer ragflow-wrong" });
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });
});
