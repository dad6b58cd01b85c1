import type { McpToolMeta } from "../../db/schema";
import type { ServiceContext } from "../context";
import { safeFetch } from "../outbound/safe-fetch";

const PROTOCOL_VERSION = "2025-06-18";
const CLIENT_INFO = { name: "buddy", version: "1" };

export type McpTarget = { url: string; headers: Record<string, string> };
export type McpCallResult = { text: string; isError: boolean };

type RpcAnswer = { id?: unknown; result?: Record<string, unknown>; error?: { code?: number; message?: string } };

// The JSON-RPC answers in a body: plain JSON (one or a batch) or an SSE stream of `data:` events.
const answersIn = (text: string, contentType: string): RpcAnswer[] => {
  if (contentType.includes("text/event-stream")) {
    return text
      .split(/\r?\n\r?\n/)
      .map((event) =>
        event
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trimStart())
          .join("\n"),
      )
      .filter(Boolean)
      .flatMap((data) => {
        try {
          return [JSON.parse(data) as RpcAnswer];
        } catch {
          return [];
        }
      });
  }
  try {
    const parsed = JSON.parse(text) as RpcAnswer | RpcAnswer[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
};

// ${name} in a header takes the variable's value (RAGFlow's "Bearer ${authorization_token}").
export const headersOf = (headers: Record<string, string>, variables: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .map(([name, value]): [string, string] => [
        name,
        value.replace(/\$\{(\w+)\}/g, (all, key: string) => variables[key] ?? all),
      ])
      .filter(([name, value]) => name.trim() !== "" && value.replace(/^Bearer\s*/i, "").trim() !== ""),
  );

// One session with an MCP server over Streamable HTTP: initialize, then requests, each a POST through the
// private-address guard (safeFetch). Answers may come as JSON or as a short SSE stream; both are read whole.
export const openMcpSession = async (ctx: ServiceContext, target: McpTarget, timeoutSeconds = 10) => {
  let sessionId: string | null = null;
  let version: string | null = null;
  let nextId = 1;

  const post = async (message: Record<string, unknown>) => {
    const headers: Record<string, string> = {
      ...target.headers,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(sessionId && { "Mcp-Session-Id": sessionId }),
      ...(version && { "MCP-Protocol-Version": version }),
    };
    return safeFetch(ctx, target.url, { method: "POST", headers, body: JSON.stringify(message) }, null, {
      timeoutSeconds,
      acceptErrors: true,
      maxChars: 4 * 1024 * 1024,
    });
  };

  const request = async (method: string, params: Record<string, unknown> = {}) => {
    const id = nextId++;
    const response = await post({ jsonrpc: "2.0", id, method, params });
    const answer = answersIn(response.text, response.contentType).find((candidate) => candidate.id === id);
    if (answer?.error) throw new Error(`MCP error ${answer.error.code ?? ""}: ${answer.error.message ?? "unknown"}`);
    if (response.status >= 400 || !answer?.result)
      throw new Error(`The MCP server answered ${method} with HTTP ${response.status} and no result.`);
    return { result: answer.result, headers: response.headers };
  };

  const hello = await request("initialize", {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: CLIENT_INFO,
  });
  sessionId = hello.headers.get("mcp-session-id");
  version = typeof hello.result.protocolVersion === "string" ? hello.result.protocolVersion : PROTOCOL_VERSION;
  await post({ jsonrpc: "2.0", method: "notifications/initialized" });

  return {
    listTools: async () => {
      const tools: McpToolMeta[] = [];
      let cursor: unknown;
      for (let page = 0; page < 20; page++) {
        const { result } = await request("tools/list", cursor ? { cursor } : {});
        tools.push(...((result.tools ?? []) as McpToolMeta[]).filter((tool) => typeof tool?.name === "string"));
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    callTool: async (name: string, args: Record<string, unknown>): Promise<McpCallResult> => {
      const { result } = await request("tools/call", { name, arguments: args });
      const content = (Array.isArray(result.content) ? result.content : []) as { type?: string; text?: string }[];
      const texts = content.map((item) => (item.type === "text" ? String(item.text ?? "") : JSON.stringify(item)));
      const text = texts.length
        ? texts.join("\n")
        : result.structuredContent
          ? JSON.stringify(result.structuredContent)
          : "";
      return { text, isError: result.isError === true };
    },
  };
};

export type McpSession = Awaited<ReturnType<typeof openMcpSession>>;
