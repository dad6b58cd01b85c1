import type { CreateMcpServerInput } from "../../contract/mcp-servers";
import { type McpServerRow, mcpServers } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { listServerTools } from "./connect";
import { serverNamed } from "./find";
import { sealSecrets } from "./secrets";
import { toMcpServer } from "./serialize";

// POST /mcp/servers: as in RAGFlow, the server is asked for its tools first; one that cannot be reached is not saved.
export const createMcpServer = async (ctx: ServiceContext, input: CreateMcpServerInput) => {
  if (await serverNamed(ctx, input.name)) throw dataError("Duplicated MCP server name.");
  const secrets = { headers: input.headers, variables: input.variables };
  const tools = await listServerTools(ctx, input.url, secrets, input.timeout);
  const now = nowMs();
  const row: McpServerRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    name: input.name,
    url: input.url,
    serverType: input.server_type,
    description: input.description,
    ...(await sealSecrets(ctx, secrets)),
    tools,
    createdBy: ctx.actor.userId,
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(mcpServers).values(row);
  return toMcpServer(row);
};
