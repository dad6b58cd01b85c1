import { eq } from "drizzle-orm";
import { mcpServers } from "../../db/schema";
import type { ServiceContext } from "../context";
import { teamServer } from "./find";

// DELETE /mcp/servers/{id}. Agents that name it keep the entry; their run says the server is gone.
export const removeMcpServer = async (ctx: ServiceContext, id: string) => {
  const row = await teamServer(ctx, id);
  await ctx.db.delete(mcpServers).where(eq(mcpServers.id, row.id));
  return true;
};
