import { and, eq } from "drizzle-orm";
import { type AgentRunLogRow, agentRunLogs } from "../../../db/schema";
import { AppError, dataError, RetCode } from "../../../lib/errors";
import type { ServiceContext } from "../../context";
import { getVisibleAgent, mayEditAgent } from "../access";

// A run's log is for whoever ran it and for those who may edit the flow (its trace holds params and results).
export const RUN_LOG_REFUSED = "Only whoever ran it and the editors of the flow read this run.";

// the run and whether the caller may read it (undefined: the flow has no such run)
const findRunLog = async (ctx: ServiceContext, agentId: string, id: string) => {
  const agent = await getVisibleAgent(ctx, agentId);
  const row = await ctx.db.query.agentRunLogs.findFirst({
    where: and(eq(agentRunLogs.id, id), eq(agentRunLogs.agentId, agent.id)),
  });
  return { agent, row, readable: !!row && (row.userId === ctx.actor.userId || mayEditAgent(ctx, agent)) };
};

export const readableRunLog = async (ctx: ServiceContext, agentId: string, id: string) => {
  const { agent, row, readable } = await findRunLog(ctx, agentId, id);
  if (!row || !readable) throw dataError(`Run ${id} not found.`);
  return { agent, row };
};

export const serializeRunLog = (row: AgentRunLogRow, withTrace = true) => ({
  id: row.id,
  message_id: row.id,
  agent_id: row.agentId,
  session_id: row.sessionId,
  task_id: row.taskId,
  user_id: row.userId,
  question: row.run.question,
  inputs: row.run.inputs,
  error: row.error,
  failed_component_id: row.failedComponent,
  steps: row.trace.length,
  ...(withTrace ? { trace: row.trace } : {}),
  create_time: row.createTime,
});

// GET /agents/{id}/logs/{message_id} (RAGFlow v0.27's path): one run with its trace; as in v0.27, an empty
// object for an id the flow has no run of.
export const getRunLog = async (ctx: ServiceContext, agentId: string, id: string) => {
  const { row, readable } = await findRunLog(ctx, agentId, id);
  if (!row) return {};
  if (!readable) throw new AppError(RetCode.OPERATING_ERROR, RUN_LOG_REFUSED);
  return serializeRunLog(row);
};
