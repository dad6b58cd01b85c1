import type { mcpServerDe } from "./mcp-server.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of Buddy's MCP server section (Settings → API, English).
export const mcpServerEn: Shape<typeof mcpServerDe> = {
  title: "MCP server",
  description:
    "Buddy is an MCP server (Streamable HTTP): AI clients such as Claude Desktop, Cursor or VS Code search your knowledge bases, ask assistants and run Buddys through it, with an API key of this team.",
  url: "MCP URL",
  config: "Client configuration",
  configHint: "Replace <API_KEY> with an API key from above (a key you create now is filled in here).",
  tools: "Tools: list_knowledge_bases, retrieve, ask_assistant, run_buddy.",
};
