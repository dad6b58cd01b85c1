import type { mcpClientsDe } from "./mcp-clients.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of the MCP servers a team calls (Settings → API, and the Agent form), English.
export const mcpClientsEn: Shape<typeof mcpClientsDe> = {
  title: "MCP servers for agents",
  description:
    "Outside MCP servers (Streamable HTTP) whose tools Agent components may call. Tokens are stored encrypted.",
  name: "Name",
  url: "URL",
  token: "Token (optional)",
  tokenHint: "Sent as “Authorization: Bearer …”.",
  add: "Add server",
  test: "Test connection",
  testOk: "Connected: {{count}} tools",
  tools: "Tools",
  empty: "No MCP servers yet.",
  deleteTitle: "Remove MCP server?",
  deleteBody: "Agents that use its tools report an error on their next run.",
  agentTools: "MCP tools",
  agentToolsHint: "Tools of this team's MCP servers the model may call.",
  agentToolsEmpty: "No MCP servers set up (Settings → API).",
};
