import * as v from "valibot";
import {
  JSON_RPC,
  type JsonRpcRequest,
  JsonRpcRequestSchema,
  MCP_PROTOCOL_VERSIONS,
  ToolCallParamsSchema,
} from "../../contract/mcp";
import { AppError } from "../../lib/errors";
import { formatIssues } from "../../lib/validation";
import { type ToolCaller, TOOLS, toolList } from "./tools";

type Id = string | number | null;
export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: Id; result: unknown }
  | { jsonrpc: "2.0"; id: Id; error: { code: number; message: string } };

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const INSTRUCTIONS =
  "Buddy's knowledge bases, assistants and Buddies (agent flows). Call list_knowledge_bases for the ids, then " +
  "retrieve to search them and cite the returned document names and pages.";

const negotiate = (params: Record<string, unknown> | undefined, version: string) => {
  const asked = params?.protocolVersion;
  const supported = (MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(asked);
  return {
    protocolVersion: supported ? asked : MCP_PROTOCOL_VERSIONS[0],
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: "buddy", title: "Buddy", version },
    instructions: INSTRUCTIONS,
  };
};

const textResult = (payload: Record<string, unknown>, isError = false) => ({
  content: [{ type: "text", text: JSON.stringify(payload, null, 2) }],
  structuredContent: payload,
  ...(isError && { isError: true }),
});

const toolError = (message: string) => ({ content: [{ type: "text", text: message }], isError: true });

// Bad arguments and refusals (a dataset not the caller's, an assistant not found) are the tool's answer with
// isError, so the model reads them; an unknown tool is a protocol error, as the specification says.
const callTool = async (caller: ToolCaller, params: Record<string, unknown> | undefined) => {
  const call = v.safeParse(ToolCallParamsSchema, params ?? {});
  if (!call.success) throw new RpcError(JSON_RPC.invalidParams, formatIssues(call.issues));
  const tool = TOOLS.find((candidate) => candidate.name === call.output.name);
  if (!tool) throw new RpcError(JSON_RPC.invalidParams, `Unknown tool: ${call.output.name}`);
  const args = v.safeParse(tool.schema, call.output.arguments);
  if (!args.success) return toolError(formatIssues(args.issues));
  try {
    const result = await tool.run(caller, args.output);
    const failed = typeof result.error === "string" && result.error !== "";
    return textResult(result, failed);
  } catch (error) {
    if (error instanceof AppError) return toolError(error.message);
    throw error;
  }
};

const answer = async (caller: ToolCaller, version: string, request: JsonRpcRequest) => {
  switch (request.method) {
    case "initialize":
      return negotiate(request.params, version);
    case "ping":
      return {};
    case "tools/list":
      return { tools: toolList() };
    case "tools/call":
      return callTool(caller, request.params);
    default:
      throw new RpcError(JSON_RPC.methodNotFound, `Method not found: ${request.method}`);
  }
};

const idOf = (message: unknown): Id => {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
};

// One JSON-RPC message: a request gets its response; a notification (no id) or a client's response gets none.
export const handleMessage = async (
  caller: ToolCaller,
  version: string,
  message: unknown,
): Promise<JsonRpcResponse | null> => {
  const isObject = typeof message === "object" && message !== null && !Array.isArray(message);
  if (isObject && !("method" in message) && ("result" in message || "error" in message)) return null;
  const request = v.safeParse(JsonRpcRequestSchema, message);
  if (!request.success)
    return {
      jsonrpc: "2.0",
      id: idOf(message),
      error: { code: JSON_RPC.invalidRequest, message: formatIssues(request.issues) },
    };
  const { id } = request.output;
  if (id === undefined) return null;
  try {
    return { jsonrpc: "2.0", id, result: await answer(caller, version, request.output) };
  } catch (error) {
    if (error instanceof RpcError) return { jsonrpc: "2.0", id, error: { code: error.code, message: error.message } };
    console.error("mcp: request failed", error);
    return { jsonrpc: "2.0", id, error: { code: JSON_RPC.internalError, message: "Internal error" } };
  }
};
