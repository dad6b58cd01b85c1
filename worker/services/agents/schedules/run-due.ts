import { and, eq, isNull, lt, or } from "drizzle-orm";
import { cronMatches, parseCron } from "../../../contract/cron";
import { agents, agentSchedules } from "../../../db/schema";
import { MINUTE_MS } from "../../../lib/time";
import type { Deps, ServiceContext } from "../../context";
import { prepareAgentRun } from "../complete";

// The cron trigger's minute: every enabled schedule whose expression matches it runs once (a second trigger in the
// same minute finds it claimed), as the flow's maker, in a session of its own like any other run.
export const runDueSchedules = async (deps: Deps, scheduledTime: number) => {
  const minute = Math.floor(scheduledTime / MINUTE_MS) * MINUTE_MS;
  const at = new Date(minute);
  const schedules = await deps.db.query.agentSchedules.findMany({ where: eq(agentSchedules.enabled, true) });
  let ran = 0;
  for (const schedule of schedules) {
    const cron = parseCron(schedule.cron);
    if (typeof cron === "string" || !cronMatches(cron, at)) continue;
    const claimed = await deps.db
      .update(agentSchedules)
      .set({ lastRunTime: minute })
      .where(
        and(
          eq(agentSchedules.agentId, schedule.agentId),
          or(isNull(agentSchedules.lastRunTime), lt(agentSchedules.lastRunTime, minute)),
        ),
      )
      .returning({ agentId: agentSchedules.agentId });
    if (claimed.length === 0) continue;
    const agent = await deps.db.query.agents.findFirst({ where: eq(agents.id, schedule.agentId) });
    if (!agent) continue;
    const ctx: ServiceContext = {
      ...deps,
      actor: { userId: agent.createdBy, tenantId: agent.tenantId, role: "normal", via: "job", sessionId: null },
    };
    let outcome: { sessionId: string | null; error: string | null };
    try {
      const prepared = await prepareAgentRun(ctx, agent.id, {
        question: schedule.question,
        inputs: {},
        stream: false,
        return_trace: false,
        "openai-compatible": false,
      });
      const result = await prepared.run(async () => undefined);
      outcome = { sessionId: prepared.sessionId, error: result.error ?? null };
    } catch (error) {
      outcome = { sessionId: null, error: error instanceof Error ? error.message : String(error) };
    }
    await deps.db
      .update(agentSchedules)
      .set({ lastSessionId: outcome.sessionId, lastError: outcome.error })
      .where(eq(agentSchedules.agentId, schedule.agentId));
    ran++;
  }
  return ran;
};
