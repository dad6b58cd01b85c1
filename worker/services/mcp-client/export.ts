import type { ServiceContext } from "../context";
import { teamServer } from "./find";

// GET /mcp/servers/{id}?mode=download: the server as a client configuration ({mcpServers: {name: …}}). Tokens
// stay sealed: the export shows them masked, to be filled in after an import elsewhere.
export const exportMcpServer = async (ctx: ServiceContext, id: string) => {
  const row = await teamServer(ctx, id);
  return {
    mcpServers: {
      [row.name]: {
        type: row.serverType,
        url: row.url,
        name: row.name,
        authorization_token: row.secretHints.variables.authorization_token ?? "",
        tools: row.tools,
      },
    },
  };
};
