import { env } from "cloudflare:test";
import { MCP_TOKEN } from "../shared/mcp-token";

// The local MCP test server (tests/helpers/servers/mcp-server.ts) as a team registers it.
export const MCP_URL = () => `${env.TEST_MCP_SERVER_URL}/mcp`;

export const mcpServerSettings = (name: string, token = MCP_TOKEN) => ({
  name,
  url: MCP_URL(),
  server_type: "streamable-http" as const,
  headers: { Authorization: "Bearer ${authorization_token}" },
  variables: { authorization_token: token },
});
