// The bearer token the local MCP test server wants (tests/helpers/servers/mcp-server.ts).
export const MCP_TOKEN = "mcp-test-token-4711";
