import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { McpServer, McpTool } from "../../../worker/contract/mcp-servers";
import type { ServiceContext } from "../../../worker/services/context";
import { createDeps } from "../../../worker/services/create-deps";
import { agentMcpBindings } from "../../../worker/services/mcp-client/access";
import { createMcpServer } from "../../../worker/services/mcp-client/create";
import { MCP_TOKEN } from "../../helpers/shared/mcp-token";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModel } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { MCP_URL, mcpServerSettings } from "../../helpers/worker/mcp-servers";

const settings = mcpServerSettings;

const register = async (user: TestUser, name = `Klinik ${crypto.randomUUID().slice(0, 6)}`) => {
  const res = await callApi<McpServer>("/mcp/servers", { token: user.token, json: settings(name) });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data;
};

const serverCount = async (user: TestUser) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM mcp_servers WHERE tenant_id = ?")
      .bind(user.id)
      .first<{ n: number }>()
  )?.n;

const toolCalls = async () =>
  (await (await fetch(`${env.TEST_MCP_SERVER_URL}/calls`)).json()) as Record<string, number>;

describe("MCP servers of a team (/mcp/servers, RAGFlow v0.27)", () => {
  it("registers a server after listing its tools, and keeps the token sealed", async () => {
    const user = await createUser();
    const server = await register(user, "Klinik");
    expect(Object.keys(server.variables.tools)).toEqual(["icd_lookup", "fail_always"]);
    expect(server.variables.tools.icd_lookup?.inputSchema).toMatchObject({ required: ["code"] });
    expect(server.variables.authorization_token).toBe("mcp…4711");
    expect(server.headers.Authorization).toBe("Bea…ken}");
    const row = await env.DB.prepare("SELECT * FROM mcp_servers WHERE id = ?")
      .bind(server.id)
      .first<Record<string, string>>();
    expect(row?.secrets_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(MCP_TOKEN);

    const list = await callApi<{ mcp_servers: McpServer[]; total: number }>("/mcp/servers?keywords=klin", {
      token: user.token,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.mcp_servers[0]?.name).toBe("Klinik");
    const detail = await callApi<McpServer>(`/mcp/servers/${server.id}`, { token: user.token });
    expect(detail.body.data).toMatchObject({ id: server.id, url: MCP_URL(), server_type: "streamable-http" });
  });

  it("refuses a server that does not accept the token, a second one of the same name and bad fields", async () => {
    const user = await createUser();
    const wrong = await callApi("/mcp/servers", { token: user.token, json: settings("Falsch", "nope") });
    expect(wrong.body.code).not.toBe(0);
    expect(wrong.body.message).toMatch(/Test MCP error: .*HTTP 401/);
    await register(user, "Doppelt");
    const twice = await callApi("/mcp/servers", { token: user.token, json: settings("Doppelt") });
    expect(twice.body).toMatchObject({ code: 102, message: "Duplicated MCP server name." });
    const sse = await callApi("/mcp/servers", { token: user.token, json: { ...settings("SSE"), server_type: "sse" } });
    expect(sse.status).toBe(200);
    expect(sse.body.code).not.toBe(0);
    expect(sse.body.message).toContain("server_type");
    const headers = await callApi("/mcp/servers", { token: user.token, json: { ...settings("H"), headers: [1] } });
    expect(headers.body.code).not.toBe(0);
    expect(headers.body.message).toContain("headers");
    expect(await serverCount(user)).toBe(1);
  });

  it("tests settings not saved yet and a saved server, listing the tools", async () => {
    const user = await createUser();
    const fresh = await callApi<McpTool[]>("/mcp/servers/new/test", { token: user.token, json: settings("x") });
    expect(fresh.body.data.map((tool) => [tool.name, tool.enabled])).toEqual([
      ["icd_lookup", true],
      ["fail_always", true],
    ]);
    const server = await register(user);
    const saved = await callApi<McpTool[]>(`/mcp/servers/${server.id}/test`, { token: user.token, json: {} });
    expect(saved.body.data).toHaveLength(2);
    const refused = await callApi(`/mcp/servers/${server.id}/test`, {
      token: user.token,
      json: { variables: { authorization_token: "falsch" } },
    });
    expect(refused.body.code).not.toBe(0);
    expect(await serverCount(user)).toBe(1);
  });

  it("updates a server: masked values sent back keep the saved token; removes it", async () => {
    const user = await createUser();
    const server = await register(user);
    const { tools: _tools, ...variables } = server.variables;
    const updated = await callApi<McpServer>(`/mcp/servers/${server.id}`, {
      method: "PUT",
      token: user.token,
      json: { name: "Umbenannt", headers: server.headers, variables },
    });
    expect(updated.body.code, updated.body.message).toBe(0);
    expect(updated.body.data.name).toBe("Umbenannt");
    const broken = await callApi(`/mcp/servers/${server.id}`, {
      method: "PUT",
      token: user.token,
      json: { name: "Kaputt", variables: { authorization_token: "falsch" } },
    });
    expect(broken.body.code).not.toBe(0);
    const kept = await callApi<McpServer>(`/mcp/servers/${server.id}`, { token: user.token });
    expect(kept.body.data.name).toBe("Umbenannt");
    const removed = await callApi(`/mcp/servers/${server.id}`, { method: "DELETE", token: user.token });
    expect(removed.body).toMatchObject({ code: 0, data: true });
    expect(await serverCount(user)).toBe(0);
    const gone = await callApi(`/mcp/servers/${server.id}`, { token: user.token });
    expect(gone.body.code).toBe(102);
  });

  it("imports a client configuration (renaming a taken name) and exports a server with its token masked", async () => {
    const user = await createUser();
    await register(user, "clinic");
    const imported = await callApi<{ results: Record<string, unknown>[] }>("/mcp/servers/import", {
      token: user.token,
      json: {
        mcpServers: {
          clinic: { type: "streamable-http", url: MCP_URL(), authorization_token: MCP_TOKEN },
          broken: { url: MCP_URL() },
        },
      },
    });
    expect(imported.body.data.results).toEqual([
      expect.objectContaining({ server: "clinic", success: true, new_name: "clinic_0" }),
      { server: "broken", success: false, message: "Missing required fields (type or url)" },
    ]);
    const id = imported.body.data.results[0]?.id as string;
    const exported = await callApi<{ mcpServers: Record<string, Record<string, unknown>> }>(
      `/mcp/servers/${id}?mode=download`,
      { token: user.token },
    );
    const entry = exported.body.data.mcpServers.clinic_0;
    expect(entry).toMatchObject({ type: "streamable-http", url: MCP_URL() });
    expect(entry?.authorization_token).not.toBe(MCP_TOKEN);
    expect(Object.keys(entry?.tools as object)).toContain("icd_lookup");
  });

  it("keeps servers apart by team", async () => {
    const owner = await createUser();
    const other = await createUser();
    const server = await register(owner);
    const read = await callApi(`/mcp/servers/${server.id}`, { token: other.token });
    expect(read.body.code).toBe(102);
    const removed = await callApi(`/mcp/servers/${server.id}`, { method: "DELETE", token: other.token });
    expect(removed.body.code).toBe(102);
    expect(await serverCount(owner)).toBe(1);
  });

  it("refuses a private address when private fetches are off (the deployed setting)", async () => {
    const user = await createUser();
    const ctx: ServiceContext = {
      ...createDeps({ ...env, ALLOW_PRIVATE_FETCH: "false" } as Env),
      actor: { userId: user.id, tenantId: user.id, role: "owner", via: "session", sessionId: null },
    };
    const input = { ...settings("Privat"), description: "", timeout: 5, server_type: "streamable-http" as const };
    await expect(createMcpServer(ctx, input)).rejects.toThrow(/private or loopback/);
    // a saved server's tools are called through the same guard
    const server = await register(user);
    const [binding] = await agentMcpBindings(ctx, [
      { mcp_id: server.id, tools: { icd_lookup: { name: "icd_lookup" } } },
    ]);
    await expect(binding?.call({ code: "J10" }) as Promise<unknown>).rejects.toThrow(/private or loopback/);
  });
});

describe("an Agent calls MCP tools", () => {
  const agentWith = async (user: TestUser, mcp: unknown) => {
    const llm = await useLocalChatModel(user);
    return createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Agent:a"]],
        [
          "Agent:a",
          "Agent",
          { llm_id: llm, sys_prompt: "Nutze Werkzeuge.", tools: [], mcp, max_rounds: 3 },
          ["Message:out"],
        ],
        ["Message:out", "Message", { content: ["{Agent:a@content}"] }],
      ]),
    );
  };

  it("offers the picked tools, calls one on the server and answers with its result", async () => {
    const user = await createUser();
    const server = await register(user, "ICD");
    const before = (await toolCalls()).icd_lookup ?? 0;
    const agent = await agentWith(user, [
      { mcp_id: server.id, tools: { icd_lookup: server.variables.tools.icd_lookup } },
    ]);
    const data = (await runAgent(user, agent.id, { question: "J10" })).body.data;
    expect(data.error).toBeNull();
    expect(data.content).toBe("Ergebnis: J10: Grippe durch saisonale Influenzaviren");
    const outputs = data.trace.find((entry) => entry.component_id === "Agent:a")?.outputs ?? {};
    expect(outputs.tool_calls).toEqual([
      expect.objectContaining({ name: "icd_lookup_0", tool: "MCP:ICD", arguments: { code: "J10" }, error: null }),
    ]);
    expect((await toolCalls()).icd_lookup).toBe(before + 1);
  });

  it("hands a tool's error to the model, and names a server that is gone", async () => {
    const user = await createUser();
    const server = await register(user);
    const failing = await agentWith(user, [{ mcp_id: server.id, tools: { fail_always: {} } }]);
    const data = (await runAgent(user, failing.id, { question: "kaputt" })).body.data;
    expect(data.content).toBe("Ergebnis: Error: failed: kaputt");
    await callApi(`/mcp/servers/${server.id}`, { method: "DELETE", token: user.token });
    const gone = (await runAgent(user, failing.id, { question: "x" })).body.data;
    expect(gone.error).toContain(`The MCP server ${server.id} does not exist`);
  });

  it("refuses an Agent whose mcp entry is malformed", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const res = await callApi("/agents", {
      token: user.token,
      json: {
        title: "Kaputt",
        dsl: flow([
          ["begin", "Begin", {}, ["Agent:a"]],
          ["Agent:a", "Agent", { llm_id: llm, mcp: [{ tools: {} }] }, []],
        ]),
      },
    });
    expect(res.body.code).not.toBe(0);
    expect(res.body.message).toContain("mcp[0].mcp_id");
  });
});
