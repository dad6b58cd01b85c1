import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MemoryView } from "../../../worker/contract/memories";
import { callApi } from "../../helpers/worker/api";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { addTurn, createMemory } from "../../helpers/worker/memories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [owner, member, outsider] = [await createUser({ nickname: "Olga" }), await createUser(), await createUser()];
  await joinTeam(owner, member);
});

const memoryCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM memories").first<{ n: number }>())?.n ?? 0;

describe("POST /memories", () => {
  it("creates a memory with RAGFlow's fields and defaults", async () => {
    const res = await callApi<MemoryView>("/memories", {
      token: owner.token,
      json: { name: "  Kundengespräche  ", memory_type: ["raw", "semantic", "raw"], embd_id: "e@x", llm_id: "l@x" },
    });
    expect(res.body.code).toBe(0);
    const memory = res.body.data;
    expect(memory).toMatchObject({
      name: "Kundengespräche",
      tenant_id: owner.id,
      owner_name: "Olga",
      storage_type: "table",
      embd_id: "e@x",
      llm_id: "l@x",
      permissions: "me",
      memory_size: 5 * 1024 * 1024,
      forgetting_policy: "FIFO",
      temperature: 0.5,
    });
    expect(memory.memory_type.toSorted()).toEqual(["raw", "semantic"]);
    expect(memory.system_prompt).toContain("semantic");
    expect(memory.create_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it("numbers a name already taken in the team: Name(1)", async () => {
    const name = `Doppelt ${crypto.randomUUID().slice(0, 6)}`;
    expect((await createMemory(owner, { name })).name).toBe(name);
    expect((await createMemory(owner, { name: name.toUpperCase() })).name).toBe(`${name.toUpperCase()}(1)`);
  });

  it.each([
    [{ name: "x", memory_type: ["raw"] }, "required argument are missing: embd_id,llm_id; "],
    [{ name: " ", memory_type: ["raw"], embd_id: "e", llm_id: "l" }, "Memory name cannot be empty or whitespace."],
    [
      { name: "a".repeat(129), memory_type: ["raw"], embd_id: "e", llm_id: "l" },
      `Memory name '${"a".repeat(129)}' exceeds limit of 128.`,
    ],
    [{ name: "x", memory_type: "raw", embd_id: "e", llm_id: "l" }, "`memory_type` must be a list."],
    [
      { name: "x", memory_type: ["something"], embd_id: "e", llm_id: "l" },
      "Memory type '{'something'}' is not supported.",
    ],
    [{ name: "x", memory_type: ["raw"], embd_id: 5, llm_id: "l" }, "`embd_id` must be a string."],
  ])("refuses %j with code 101 and changes nothing", async (json, message) => {
    const before = await memoryCount();
    const res = await callApi("/memories", { token: owner.token, json });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 101, message });
    expect(await memoryCount()).toBe(before);
  });

  it("refuses a caller without a valid token with 401", async () => {
    const res = await callApi("/memories", { json: { name: "x", memory_type: ["raw"], embd_id: "e", llm_id: "l" } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});

describe("GET /memories", () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await createUser();
    await createMemory(lister, { name: "Alpha", memory_type: ["raw", "semantic"] });
    await createMemory(lister, { name: "Beta", memory_type: ["raw", "episodic"] });
    await createMemory(lister, { name: "Gamma", memory_type: ["raw"] });
  });

  it("pages the caller's memories with total_count", async () => {
    const page = async (query: string) =>
      (await callApi<{ memory_list: MemoryView[]; total_count: number }>(`/memories?${query}`, { token: lister.token }))
        .body.data;
    expect((await page("")).memory_list.map((m) => m.name).toSorted()).toEqual(["Alpha", "Beta", "Gamma"]);
    const [first, second] = [await page("page=1&page_size=2"), await page("page=2&page_size=2")];
    expect([first.total_count, first.memory_list.length, second.memory_list.length]).toEqual([3, 2, 1]);
    expect(new Set([...first.memory_list, ...second.memory_list].map((m) => m.id)).size).toBe(3);
    expect((await page("page=5&page_size=2")).memory_list).toEqual([]);
  });

  it("filters by memory_type (any of them), storage_type and name keywords", async () => {
    const names = async (query: string) =>
      (
        await callApi<{ memory_list: MemoryView[] }>(`/memories?${query}`, { token: lister.token })
      ).body.data.memory_list
        .map((m) => m.name)
        .toSorted();
    expect(await names("memory_type=semantic")).toEqual(["Alpha"]);
    expect(await names("memory_type=semantic&memory_type=episodic")).toEqual(["Alpha", "Beta"]);
    expect(await names("memory_type=episodic,semantic")).toEqual(["Alpha", "Beta"]);
    expect(await names("storage_type=graph")).toEqual([]);
    expect(await names("keywords=amm")).toEqual(["Gamma"]);
    expect(await names(`tenant_id=${owner.id}`)).toEqual([]);
  });

  it("refuses an unknown memory_type and a page_size over 100", async () => {
    const bad = await callApi("/memories?memory_type=dream", { token: lister.token });
    expect(bad.body).toMatchObject({ code: 101, message: "Memory type 'dream' is not supported." });
    const big = await callApi("/memories?page_size=101", { token: lister.token });
    expect(big.body.code).toBe(101);
    expect(big.body.message).toContain("page_size must be less than or equal to 100");
  });

  it("shows a team memory to members but a private one only to its maker", async () => {
    const privateOne = await createMemory(owner, { name: "Privat" });
    const teamOne = await createMemory(owner, { name: "Geteilt" });
    await callApi(`/memories/${teamOne.id}`, { method: "PUT", token: owner.token, json: { permissions: "team" } });
    const seen = (
      await callApi<{ memory_list: MemoryView[] }>("/memories?page_size=100", inTeam(member, owner.id))
    ).body.data.memory_list.map((m) => m.id);
    expect(seen).toContain(teamOne.id);
    expect(seen).not.toContain(privateOne.id);
    const outsiderSees = await callApi<{ total_count: number }>("/memories", { token: outsider.token });
    expect(outsiderSees.body.data.total_count).toBe(0);
  });
});

describe("GET /memories/:id/config, PUT and DELETE /memories/:id", () => {
  it("reads the configuration, 404 for an unknown or foreign memory", async () => {
    const memory = await createMemory(owner);
    const config = await callApi<MemoryView>(`/memories/${memory.id}/config`, { token: owner.token });
    expect(config.body.data).toMatchObject({ id: memory.id, owner_name: "Olga" });
    for (const [path, token] of [
      ["/memories/missing/config", owner.token],
      [`/memories/${memory.id}/config`, outsider.token],
      [`/memories/${memory.id}/config`, member.token],
    ] as const) {
      const res = await callApi(path, { token });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(404);
    }
  });

  it("updates every RAGFlow setting and answers the stored memory", async () => {
    const memory = await createMemory(owner);
    const res = await callApi<MemoryView>(`/memories/${memory.id}`, {
      method: "PUT",
      token: owner.token,
      json: {
        name: "Neu",
        permissions: "team",
        llm_id: "l2@x",
        embd_id: "e2@x",
        memory_type: ["raw", "procedural"],
        memory_size: 1024,
        forgetting_policy: "FIFO",
        temperature: 0.1,
        avatar: "data:image/png;base64,AAAA",
        description: "Beschreibung",
        user_prompt: "Nutzer",
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: expect.stringMatching(/^Neu(\(\d+\))?$/),
      permissions: "team",
      llm_id: "l2@x",
      embd_id: "e2@x",
      memory_type: ["raw", "procedural"],
      memory_size: 1024,
      temperature: 0.1,
      avatar: "data:image/png;base64,AAAA",
      description: "Beschreibung",
      user_prompt: "Nutzer",
    });
    // the default extraction prompt follows the new types
    expect(res.body.data.system_prompt).toContain("procedural");
  });

  it.each([
    [{ name: " " }, "Memory name cannot be empty or whitespace."],
    [{ permissions: "world" }, "Unknown permission 'world'."],
    [{ memory_size: 0 }, "Memory size should be in range (0, 10485760] Bytes."],
    [{ memory_size: 10485761 }, "Memory size should be in range (0, 10485760] Bytes."],
    [{ forgetting_policy: "LRU" }, "Forgetting policy 'LRU' is not supported."],
    [{ temperature: 2 }, "Temperature should be in range [0, 1]."],
    [{ memory_type: ["dream"] }, "Memory type '{'dream'}' is not supported."],
    [{ avatar: "http://x" }, "invalid MIME prefix format. Must start with 'data:'"],
  ])("refuses %j with code 101 and keeps the memory", async (json, message) => {
    const memory = await createMemory(owner);
    const res = await callApi(`/memories/${memory.id}`, { method: "PUT", token: owner.token, json });
    expect(res.body).toMatchObject({ code: 101, message });
    const after = await callApi<MemoryView>(`/memories/${memory.id}/config`, { token: owner.token });
    expect(after.body.data).toEqual(memory);
  });

  it("keeps embd_id and memory_type while the memory holds messages", async () => {
    const memory = await createMemory(owner);
    await addTurn(owner, memory.id, { user_input: "Hallo", agent_response: "Hi" });
    const res = await callApi(`/memories/${memory.id}`, {
      method: "PUT",
      token: owner.token,
      json: { embd_id: "other@x", memory_type: ["raw", "semantic"] },
    });
    expect(res.body).toMatchObject({
      code: 101,
      message: "Can't update ['embd_id', 'memory_type'] when memory isn't empty.",
    });
  });

  it("refuses another member's private memory and an outsider's update or delete with 404", async () => {
    const memory = await createMemory(owner);
    for (const caller of [inTeam(member, owner.id), { token: outsider.token }]) {
      const put = await callApi(`/memories/${memory.id}`, { method: "PUT", ...caller, json: { name: "Fremd" } });
      expect(put.body.code).toBe(404);
      const del = await callApi(`/memories/${memory.id}`, { method: "DELETE", ...caller });
      expect(del.body.code).toBe(404);
    }
    expect((await callApi<MemoryView>(`/memories/${memory.id}/config`, { token: owner.token })).body.data.name).toBe(
      memory.name,
    );
  });

  it("lets members edit a team memory; deleting it is for its maker or a manager", async () => {
    const memory = await createMemory(owner);
    await callApi(`/memories/${memory.id}`, { method: "PUT", token: owner.token, json: { permissions: "team" } });
    const edit = await callApi<MemoryView>(`/memories/${memory.id}`, {
      method: "PUT",
      ...inTeam(member, owner.id),
      json: { description: "vom Mitglied" },
    });
    expect(edit.body.data.description).toBe("vom Mitglied");
    const del = await callApi(`/memories/${memory.id}`, { method: "DELETE", ...inTeam(member, owner.id) });
    expect(del.body.code).toBe(108);
  });

  it("deletes a memory with its messages; a second delete answers 404", async () => {
    const memory = await createMemory(owner);
    await addTurn(owner, memory.id, { user_input: "Frage", agent_response: "Antwort" });
    const del = await callApi(`/memories/${memory.id}`, { method: "DELETE", token: owner.token });
    expect(del.body).toMatchObject({ code: 0, data: true });
    const left = await env.DB.prepare("SELECT count(*) AS n FROM memory_messages WHERE memory_id = ?")
      .bind(memory.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await callApi(`/memories/${memory.id}`, { method: "DELETE", token: owner.token })).body.code).toBe(404);
  });
});
