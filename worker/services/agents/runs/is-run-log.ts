import { and, eq } from "drizzle-orm";
import { agentRunLogs } from "../../../db/schema";
import type { ServiceContext } from "../../context";

// Whether `id` names an agent run of the caller's team: POST /agents/rerun takes either such a run or an
// ingestion log (RAGFlow's pipeline rerun).
export const isAgentRunLog = async (ctx: ServiceContext, id: string) =>
  (await ctx.db
    .select({ id: agentRunLogs.id })
    .from(agentRunLogs)
    .where(and(eq(agentRunLogs.id, id), eq(agentRunLogs.tenantId, ctx.actor.tenantId)))
    .get()) !== undefined;
