import { and, eq } from "drizzle-orm";
import { mcpServers } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";

export const findTeamServer = (ctx: ServiceContext, id: string) =>
  ctx.db.query.mcpServers.findFirst({ where: and(eq(mcpServers.id, id), eq(mcpServers.tenantId, ctx.actor.tenantId)) });

export const teamServer = async (ctx: ServiceContext, id: string) => {
  const row = await findTeamServer(ctx, id);
  if (!row) throw dataError(`Cannot find MCP server ${id}.`);
  return row;
};

export const serverNamed = (ctx: ServiceContext, name: string) =>
  ctx.db.query.mcpServers.findFirst({
    where: and(eq(mcpServers.tenantId, ctx.actor.tenantId), eq(mcpServers.name, name)),
  });
