import { and, eq } from "drizzle-orm";
import type { AgentRunLogRow } from "../../../db/schema";
import { agentRunLogs, agentSessions } from "../../../db/schema";
import type { RerunAgentInput } from "../../../contract/agent-runs";
import { dataError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { ServiceContext } from "../../context";
import { type EnvelopedEvent, runTurn, startAgentTask } from "../complete";
import { readableRunLog } from "./get-log";

// The outputs a rerun from `from` starts with: those of the steps that ran before it in the failed run.
const keptBefore = (row: AgentRunLogRow, from: string) => {
  const kept = row.kept ?? {};
  if (from === row.failedComponent) return kept;
  const order = row.trace.map((entry) => entry.component_id);
  const start = order.indexOf(from);
  const later = new Set(order.slice(start));
  return Object.fromEntries(Object.entries(kept).filter(([id]) => !later.has(id)));
};

// POST /agents/rerun: runs a failed run again from its failed step (or an earlier top-level step that ran),
// with the earlier steps' outputs kept and the saved flow; a new run with its own log. Only whoever ran it may.
export const prepareAgentRerun = async (ctx: ServiceContext, input: RerunAgentInput) => {
  const found = await ctx.db.query.agentRunLogs.findFirst({
    where: and(eq(agentRunLogs.id, input.id), eq(agentRunLogs.tenantId, ctx.actor.tenantId)),
  });
  if (!found || found.userId !== ctx.actor.userId) throw dataError(`Run ${input.id} not found.`);
  const { agent, row } = await readableRunLog(ctx, found.agentId, found.id);
  if (!row.failedComponent) throw dataError("Only a failed run can be rerun.");
  if (!row.kept) throw dataError("The run's outputs were too large to keep; run it again instead.");
  const from = input.component_id ?? row.failedComponent;
  const component = agent.dsl.components[from];
  if (!component) throw dataError(`\`component_id\`: the flow has no component ${from}.`);
  if (from === "begin" || component.parent_id)
    throw dataError(`\`component_id\`: a rerun starts at a top-level step after Begin, not at ${from}.`);
  if (from !== row.failedComponent && !row.trace.some((entry) => entry.component_id === from))
    throw dataError(`\`component_id\`: ${from} did not run in that run.`);
  const session = await ctx.db.query.agentSessions.findFirst({ where: eq(agentSessions.id, row.sessionId) });
  if (!session) throw dataError(`The session of run ${row.id} no longer exists.`);
  const taskId = await startAgentTask(ctx, agent);
  const messageId = newId();
  const turn = {
    agent,
    session,
    question: row.run.question,
    input: { inputs: row.run.inputs, stream: false, return_trace: true, "openai-compatible": false },
    taskId,
    messageId,
    rerun: { from, start: row.run, kept: keptBefore(row, from), replaces: row.id },
  };
  return {
    taskId,
    sessionId: session.id,
    run: (emit: (event: EnvelopedEvent) => Promise<void>) => runTurn(ctx, turn, emit),
  };
};
