import { eq } from "drizzle-orm";
import type { UpdateMcpServerInput } from "../../contract/mcp-servers";
import { mcpServers } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { listServerTools } from "./connect";
import { serverNamed, teamServer } from "./find";
import { keepMasked, openSecrets, sealSecrets } from "./secrets";
import { toMcpServer } from "./serialize";

// The saved settings with the given ones over them; headers and variables sent replace the saved ones, their
// masked values standing for the saved values.
export const mergedSettings = async (ctx: ServiceContext, id: string, input: UpdateMcpServerInput) => {
  const row = await teamServer(ctx, id);
  const saved = await openSecrets(ctx, row);
  return {
    row,
    url: input.url ?? row.url,
    secrets: {
      headers: input.headers ? keepMasked(input.headers, saved.headers) : saved.headers,
      variables: input.variables ? keepMasked(input.variables, saved.variables) : saved.variables,
    },
  };
};

// PUT /mcp/servers/{id}: the tools are listed again with the new settings before anything is saved.
export const updateMcpServer = async (ctx: ServiceContext, id: string, input: UpdateMcpServerInput) => {
  const { row, url, secrets } = await mergedSettings(ctx, id, input);
  if (input.name && input.name !== row.name && (await serverNamed(ctx, input.name)))
    throw dataError("Duplicated MCP server name.");
  const tools = await listServerTools(ctx, url, secrets, input.timeout ?? 10);
  const changes = {
    name: input.name ?? row.name,
    url,
    serverType: input.server_type ?? row.serverType,
    description: input.description ?? row.description,
    ...(await sealSecrets(ctx, secrets)),
    tools,
    updateTime: nowMs(),
  };
  await ctx.db.update(mcpServers).set(changes).where(eq(mcpServers.id, row.id));
  return toMcpServer({ ...row, ...changes });
};
