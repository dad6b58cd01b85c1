import { SELF } from "cloudflare:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { createAgent, flow } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { createChat, parsedDataset, useLocalChatModel } from "../../helpers/worker/chat";
import { createDataset, createUser, type TestUser } from "../../helpers/worker/factories";

const MCP_URL = "http://buddy.test/mcp";

// RAGFlow v0.27's release: a save with `release: true` publishes the flow
const publish = async (user: TestUser, agentId: string) => {
  const res = await callApi(`/agents/${agentId}`, { method: "PUT", token: user.token, json: { release: true } });
  expect(res.body.code, res.body.message).toBe(0);
};

const apiKey = async (user: TestUser) =>
  (await callApi<{ token: string }>("/system/tokens", { token: user.token, json: {} })).body.data.token;

// The official SDK client, its requests going to the worker under test
const connect = async (key: string | null) => {
  const client = new Client({ name: "buddy-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : {},
    fetch: (input, init) => SELF.fetch(new Request(input, init)),
  });
  await client.connect(transport);
  return client;
};

type ToolResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: unknown };
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

const rpc = (key: string | null, body: unknown, method = "POST") =>
  SELF.fetch(MCP_URL, {
    method,
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });

describe("Buddy's MCP server at /mcp", () => {
  it("initializes and lists its four tools with JSON Schemas", async () => {
    const user = await createUser();
    const client = await connect(await apiKey(user));
    expect(client.getServerVersion()?.name).toBe("buddy");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["list_knowledge_bases", "retrieve", "ask_assistant", "run_buddy"]);
    const retrieve = tools.find((tool) => tool.name === "retrieve");
    expect(retrieve?.inputSchema).toMatchObject({
      type: "object",
      required: ["question", "dataset_ids"],
      properties: {
        dataset_ids: { type: "array" },
        top_k: { type: "integer", minimum: 1 },
        keyword: { type: "boolean" },
      },
    });
    await client.ping();
    await client.close();
    // JSON-RPC, not the envelope API: the OpenAPI document (and the fuzz test walking it) leaves it out
    const spec = (await (await SELF.fetch("http://buddy.test/api/openapi.json")).json()) as { paths: object };
    expect(Object.keys(spec.paths)).not.toContain("/mcp");
    expect(Object.keys(spec.paths)).toContain("/api/v1/retrieval");
  });

  it("negotiates the protocol version: a known one is kept, an unknown one gets the newest", async () => {
    const key = await apiKey(await createUser());
    const init = (protocolVersion: string) => ({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion, capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const old = (await (await rpc(key, init("2024-11-05"))).json()) as { result: { protocolVersion: string } };
    expect(old.result.protocolVersion).toBe("2024-11-05");
    const future = (await (await rpc(key, init("2099-01-01"))).json()) as { result: { protocolVersion: string } };
    expect(future.result.protocolVersion).toBe("2025-11-25");
    // a notification gets no body
    const notified = await rpc(key, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(notified.status).toBe(202);
    expect(await notified.text()).toBe("");
  });

  it("lists the caller's knowledge bases and retrieves chunks with citations", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const client = await connect(await apiKey(user));
    const listed = await call(client, "list_knowledge_bases", {});
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toEqual({
      knowledge_bases: [{ id: ds.id, name: ds.name, description: "", document_count: 2, chunk_count: 2 }],
    });
    const found = await call(client, "retrieve", {
      question: "Ab wann wird die Grippeimpfung empfohlen?",
      dataset_ids: [ds.id],
      similarity_threshold: 0.1,
      page_size: 1,
    });
    expect(found.isError).toBeFalsy();
    const result = found.structuredContent as { total: number; chunks: Record<string, unknown>[] };
    expect(result.chunks).toHaveLength(1);
    expect(result.chunks[0]).toMatchObject({
      content: expect.stringContaining("Grippeimpfung"),
      document_name: "impfung.txt",
      document_id: expect.any(String),
      dataset_id: ds.id,
      similarity: expect.any(Number),
      pages: expect.any(Array),
    });
    // the same answer as a text block, for clients that read only text
    expect(JSON.parse(found.content[0]?.text ?? "{}")).toEqual(result);
    await client.close();
  });

  it("answers bad arguments with a tool error naming the field; unknown tools and methods with JSON-RPC errors", async () => {
    const user = await createUser();
    const key = await apiKey(user);
    const client = await connect(key);
    const missing = await call(client, "retrieve", { question: "Grippe" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]?.text).toContain("dataset_ids");
    const wrongType = await call(client, "retrieve", { question: "Grippe", dataset_ids: ["x"], top_k: "viele" });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.content[0]?.text).toContain("top_k");
    const extra = await call(client, "ask_assistant", { chat_id: "x", question: "Hallo", model: "gpt" });
    expect(extra.isError).toBe(true);
    expect(extra.content[0]?.text).toContain("model");
    await expect(client.callTool({ name: "delete_everything", arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();

    const unknownMethod = await rpc(key, { jsonrpc: "2.0", id: 7, method: "resources/list" });
    expect(unknownMethod.status).toBe(200);
    expect(await unknownMethod.json()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32601, message: "Method not found: resources/list" },
    });
    const broken = await SELF.fetch(MCP_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const notRpc = (await (await rpc(key, { id: 3, method: 42 })).json()) as { id: number; error: { code: number } };
    expect(notRpc).toMatchObject({ id: 3, error: { code: -32600 } });
    expect((await rpc(key, null, "GET")).status).toBe(405);
  });

  it("asks an assistant: its answer with the passages it cites", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: await useLocalChatModel(user) });
    const client = await connect(await apiKey(user));
    const answered = await call(client, "ask_assistant", { chat_id: chat.id, question: "Grippeimpfung ab 60?" });
    expect(answered.isError).toBeFalsy();
    const result = answered.structuredContent as {
      answer: string;
      session_id: string;
      references: { document_name: string; dataset_id: string }[];
    };
    expect(result.answer).toContain("Antwort auf: Grippeimpfung ab 60?");
    expect(result.references[0]).toMatchObject({ document_name: "impfung.txt", dataset_id: ds.id });
    // the turn is kept in the session the answer names
    const sessions = await callApi<{ id: string; messages: unknown[] }[]>(`/chats/${chat.id}/sessions`, {
      token: user.token,
    });
    expect(sessions.body.data.find((session) => session.id === result.session_id)?.messages.length).toBeGreaterThan(1);
    const stranger = await call(client, "ask_assistant", { chat_id: "0".repeat(32), question: "Hallo" });
    expect(stranger).toMatchObject({ isError: true, content: [{ text: "no authorization" }] });
    await client.close();
  });

  it("runs a published Buddy and answers with its final answer", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Message:m"]],
        ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
      ]),
    );
    const client = await connect(await apiKey(user));
    const draft = await call(client, "run_buddy", { agent_id: agent.id, question: "Guten Tag" });
    expect(draft.isError).toBe(true);
    expect(draft.content[0]?.text).toContain("is not published");
    await publish(user, agent.id);
    const ran = await call(client, "run_buddy", { agent_id: agent.id, question: "Guten Tag" });
    expect(ran.isError).toBeFalsy();
    expect(ran.structuredContent).toMatchObject({
      answer: "Echo: Guten Tag",
      error: null,
      session_id: expect.any(String),
    });
    // a run that fails is the tool's error, with the engine's message
    const broken = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Email:m"]],
        ["Email:m", "Email", { smtp_server: "127.0.0.1" }],
      ]),
    );
    await publish(user, broken.id);
    const failed = await call(client, "run_buddy", { agent_id: broken.id, question: "q" });
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent).toMatchObject({ error: expect.stringMatching(/email is required/) });
    const missing = await call(client, "run_buddy", { agent_id: "f".repeat(32), question: "Hallo" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]?.text).toContain("f".repeat(32));
    await client.close();
  });

  it("runs the latest published version, not a draft saved after it", async () => {
    const user = await createUser();
    const echo = (text: string) =>
      flow([
        ["begin", "Begin", {}, ["Message:m"]],
        ["Message:m", "Message", { content: [`${text}: {sys.query}`] }],
      ]);
    const agent = await createAgent(user, echo("Version 1"));
    await publish(user, agent.id);
    const draft = await callApi(`/agents/${agent.id}`, {
      method: "PUT",
      token: user.token,
      json: { dsl: echo("Entwurf") },
    });
    expect(draft.body.code).toBe(0);
    const client = await connect(await apiKey(user));
    const ran = await call(client, "run_buddy", { agent_id: agent.id, question: "Hallo" });
    expect(ran.structuredContent).toMatchObject({ answer: "Version 1: Hallo" });
    // publishing with a new DSL makes that the one run_buddy runs; the versions list marks releases
    await callApi(`/agents/${agent.id}`, {
      method: "PUT",
      token: user.token,
      json: { dsl: echo("Version 2"), release: true },
    });
    const second = await call(client, "run_buddy", { agent_id: agent.id, question: "Hallo" });
    expect(second.structuredContent).toMatchObject({ answer: "Version 2: Hallo" });
    const versions = await callApi<{ release: boolean }[]>(`/agents/${agent.id}/versions`, { token: user.token });
    expect(versions.body.data.map((version) => version.release)).toEqual([true, false, true]);
    await client.close();
  });

  it("refuses callers without an API key, with a wrong one or with a session token; other teams' data stays out", async () => {
    const owner = await createUser();
    const ds = await createDataset(owner);
    const stranger = await createUser();
    const strangerKey = await apiKey(stranger);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    for (const key of [null, "ragflow-wrong", owner.token.replace(/^Bearer\s+/i, "")]) {
      const refused = await rpc(key, initialize);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: number }).code).not.toBe(0);
    }
    await expect(connect("ragflow-wrong")).rejects.toThrow();

    const client = await connect(strangerKey);
    const listed = await call(client, "list_knowledge_bases", {});
    expect(listed.structuredContent).toEqual({ knowledge_bases: [] });
    const refused = await call(client, "retrieve", { question: "Grippe", dataset_ids: [ds.id] });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain(ds.id);
    await client.close();
  });
});
