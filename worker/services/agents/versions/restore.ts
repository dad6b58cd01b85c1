import { eq } from "drizzle-orm";
import { agents, agentVersions } from "../../../db/schema";
import { dataError } from "../../../lib/errors";
import { nowMs } from "../../../lib/time";
import type { ServiceContext } from "../../context";
import { getManageableAgent } from "../access";
import { recordVersion } from "./record";

// The flow goes back to a saved version; that is itself a save, so it becomes the newest version.
export const restoreAgentVersion = async (ctx: ServiceContext, agentId: string, versionId: string) => {
  const agent = await getManageableAgent(ctx, agentId);
  const version = await ctx.db.query.agentVersions.findFirst({ where: eq(agentVersions.id, versionId) });
  if (!version || version.agentId !== agent.id) throw dataError("Version not found.");
  await ctx.db.update(agents).set({ dsl: version.dsl, updateTime: nowMs() }).where(eq(agents.id, agent.id));
  const id = await recordVersion(ctx, agent.id, agent.title, version.dsl);
  return { version_id: id, dsl: version.dsl };
};
