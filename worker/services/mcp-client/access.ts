import type { AgentMcpEntry } from "../../contract/mcp-servers";
import type { McpToolMeta } from "../../db/schema";
import type { ServiceContext } from "../context";
import { headersOf, type McpCallResult, type McpSession, openMcpSession } from "./client";
import { findTeamServer } from "./find";
import { openSecrets } from "./secrets";

export type McpBinding = {
  server: string;
  tool: McpToolMeta;
  call: (args: Record<string, unknown>) => Promise<McpCallResult>;
};

// The tools an Agent's `mcp` entries pick, each bound to its server (of the run's team). One session per server,
// opened at the first call. The description is the one saved with the server's tool list when the entry has none.
export const agentMcpBindings = async (ctx: ServiceContext, entries: AgentMcpEntry[]): Promise<McpBinding[]> => {
  const bindings: McpBinding[] = [];
  for (const entry of entries) {
    const row = await findTeamServer(ctx, entry.mcp_id);
    if (!row) throw new Error(`The MCP server ${entry.mcp_id} does not exist (any more).`);
    let session: Promise<McpSession> | null = null;
    const connect = async () => {
      const secrets = await openSecrets(ctx, row);
      return openMcpSession(ctx, { url: row.url, headers: headersOf(secrets.headers, secrets.variables) });
    };
    for (const [name, picked] of Object.entries(entry.tools ?? {})) {
      const tool = { ...row.tools[name], ...picked, name } as McpToolMeta;
      bindings.push({
        server: row.name,
        tool,
        call: async (args) => {
          session ??= connect();
          return (await session).callTool(name, args);
        },
      });
    }
  }
  return bindings;
};
