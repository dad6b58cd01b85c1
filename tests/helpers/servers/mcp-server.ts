import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { MCP_TOKEN } from "../shared/mcp-token";

const ICD = { J10: "Grippe durch saisonale Influenzaviren", J45: "Asthma bronchiale" } as Record<string, string>;

const TOOLS = [
  {
    name: "icd_lookup",
    description: "Looks up the name of an ICD-10 code.",
    inputSchema: {
      type: "object",
      properties: { code: { type: "string", description: "An ICD-10 code" } },
      required: ["code"],
    },
  },
  {
    name: "fail_always",
    description: "A tool that reports an error.",
    inputSchema: { type: "object", properties: { reason: { type: "string" } } },
  },
];

// One SDK server per session (the SDK's Streamable HTTP transport, stateful), with two tools.
const newSession = () => {
  const server = new Server({ name: "clinic-tools", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, string>;
    if (request.params.name === "icd_lookup") {
      const code = String(args.code ?? "")
        .trim()
        .toUpperCase();
      const name = ICD[code];
      return name
        ? { content: [{ type: "text", text: `${code}: ${name}` }] }
        : { content: [{ type: "text", text: `Unknown code ${code}` }], isError: true };
    }
    if (request.params.name === "fail_always")
      return { content: [{ type: "text", text: `failed: ${args.reason ?? ""}` }], isError: true };
    throw new Error(`Unknown tool ${request.params.name}`);
  });
  return server;
};

const readJson = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as unknown) : undefined;
};

// A real MCP server over Streamable HTTP at /mcp, which wants `Authorization: Bearer MCP_TOKEN`; /calls counts the
// tool calls it answered (by tool name).
export const startMcpServer = async () => {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const calls: Record<string, number> = {};
  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === "/calls") {
      response.writeHead(200, { "Content-Type": "application/json" });
      return response.end(JSON.stringify(calls));
    }
    if (request.headers.authorization !== `Bearer ${MCP_TOKEN}`) {
      response.writeHead(401, { "Content-Type": "application/json" });
      return response.end(JSON.stringify({ error: "invalid token" }));
    }
    const body = request.method === "POST" ? await readJson(request) : undefined;
    const sessionId = request.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId) {
        response.writeHead(404).end();
        return;
      }
      const fresh = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, fresh),
      });
      await newSession().connect(fresh);
      transport = fresh;
    }
    const message = body as { method?: string; params?: { name?: string } } | undefined;
    if (message?.method === "tools/call" && message.params?.name)
      calls[message.params.name] = (calls[message.params.name] ?? 0) + 1;
    await transport.handleRequest(request, response, body);
  };
  const server = createServer((request, response) => {
    handler(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
};
