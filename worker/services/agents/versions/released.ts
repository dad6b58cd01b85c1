import { and, desc, eq } from "drizzle-orm";
import { agentVersions } from "../../../db/schema";
import { dataError } from "../../../lib/errors";
import type { ServiceContext } from "../../context";

// The DSL of a flow's latest published version (RAGFlow v0.27's release mode); a flow never published is refused.
export const releasedDsl = async (ctx: ServiceContext, agentId: string) => {
  const version = await ctx.db.query.agentVersions.findFirst({
    where: and(eq(agentVersions.agentId, agentId), eq(agentVersions.release, true)),
    orderBy: [desc(agentVersions.createTime), desc(agentVersions.id)],
  });
  if (!version) throw dataError(`The Buddy ${agentId} is not published: no available published version.`);
  return version.dsl;
};
