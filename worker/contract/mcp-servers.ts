import * as v from "valibot";
import { float, msg, oneOf, queryDesc, queryPage, str } from "./pydantic";

// RAGFlow v0.27 knows "sse" and "streamable-http"; Buddy speaks Streamable HTTP only (a Worker holds no
// long-lived SSE connection between requests).
export const MCP_SERVER_TYPES = ["streamable-http"] as const;
export type McpServerType = (typeof MCP_SERVER_TYPES)[number];

const MAX_HEADERS = 20;
const stringMap = (field: string) =>
  v.pipe(
    v.record(v.string(), v.pipe(v.string(msg.string), v.maxLength(4000, msg.maxChars(4000))), msg.dict),
    v.check((map) => Object.keys(map).length <= MAX_HEADERS, `${field} may have at most ${MAX_HEADERS} entries`),
    v.check(
      (map) => Object.keys(map).every((key) => /^[A-Za-z0-9_.-]{1,100}$/.test(key)),
      `${field}: names are letters, digits, ".", "-" and "_"`,
    ),
  );
// RAGFlow's variables also carry the listed tools; they are the server's answer, never the caller's.
const variablesMap = v.pipe(
  v.record(v.string(), v.unknown(), msg.dict),
  v.transform(({ tools: _tools, ...rest }) => rest),
  stringMap("variables"),
);

const timeout = v.optional(float(1, 60), 10);

export const CreateMcpServerSchema = v.object({
  name: str(1, 255),
  url: str(1, 2048),
  server_type: oneOf(MCP_SERVER_TYPES),
  description: v.optional(v.pipe(v.string(msg.string), v.maxLength(2000, msg.maxChars(2000))), ""),
  headers: v.optional(stringMap("headers"), {}),
  variables: v.optional(variablesMap, {}),
  timeout,
});
export type CreateMcpServerInput = v.InferOutput<typeof CreateMcpServerSchema>;

export const UpdateMcpServerSchema = v.partial(CreateMcpServerSchema);
export type UpdateMcpServerInput = v.InferOutput<typeof UpdateMcpServerSchema>;

// A connection test of settings not saved yet (or of a saved server: what is left out is the saved one's).
export const TestMcpServerSchema = v.partial(CreateMcpServerSchema);

export const ImportMcpServersSchema = v.object({
  mcpServers: v.pipe(
    v.record(v.string(), v.record(v.string(), v.unknown(), msg.dict), msg.dict),
    v.check((servers) => Object.keys(servers).length > 0, "mcpServers: No MCP servers provided."),
    v.check((servers) => Object.keys(servers).length <= 20, "mcpServers may name at most 20 servers"),
  ),
  timeout,
});

// A tool as the server lists it.
export type McpTool = { name: string; description?: string; inputSchema?: Record<string, unknown>; enabled?: boolean };

export type McpServer = {
  id: string;
  tenant_id: string;
  name: string;
  url: string;
  server_type: McpServerType;
  description: string;
  // values masked: a masked value sent back in an update keeps the saved one
  headers: Record<string, string>;
  variables: Record<string, unknown> & { tools: Record<string, McpTool> };
  create_time: number;
  update_time: number;
};

// An Agent's MCP tools, as RAGFlow v0.27 writes them into its params: `mcp: [{mcp_id, tools: {name: meta}}]`.
export type AgentMcpEntry = { mcp_id: string; tools: Record<string, McpTool> };

export const agentMcpProblem = (mcp: unknown): string | null => {
  if (mcp === undefined || mcp === null) return null;
  if (!Array.isArray(mcp)) return "`mcp` should be a list";
  for (const [i, entry] of mcp.entries()) {
    const e = entry as Partial<AgentMcpEntry> | null;
    if (typeof e?.mcp_id !== "string" || e.mcp_id === "") return `\`mcp[${i}].mcp_id\` should be an MCP server's id`;
    if (typeof e.tools !== "object" || e.tools === null || Array.isArray(e.tools))
      return `\`mcp[${i}].tools\` should be an object of tool names`;
  }
  return null;
};

export const ListMcpServersQuerySchema = v.object({
  page: queryPage(1),
  page_size: queryPage(30, 1000),
  orderby: v.optional(oneOf(["create_time", "update_time", "name"] as const), "create_time"),
  desc: queryDesc(),
  keywords: v.optional(v.pipe(v.string(), v.maxLength(255, msg.maxChars(255))), ""),
  mcp_ids: v.optional(v.string(), ""),
  mcp_id: v.optional(v.string(), ""),
  mode: v.optional(v.string(), ""),
});
