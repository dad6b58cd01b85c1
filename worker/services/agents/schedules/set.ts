import { eq } from "drizzle-orm";
import { parseCron } from "../../../contract/cron";
import { agentSchedules } from "../../../db/schema";
import { dataError } from "../../../lib/errors";
import { nowMs } from "../../../lib/time";
import type { ServiceContext } from "../../context";
import { getManageableAgent, getVisibleAgent } from "../access";
import { toSchedule } from "./serialize";

export type ScheduleInput = { cron: string; question?: string; enabled?: boolean };

// PUT /agents/{id}/schedule: one schedule per flow, replaced as a whole.
export const setAgentSchedule = async (ctx: ServiceContext, agentId: string, input: ScheduleInput) => {
  const agent = await getManageableAgent(ctx, agentId);
  const parsed = parseCron(input.cron);
  if (typeof parsed === "string") throw dataError(`\`cron\`: ${parsed}`);
  const now = nowMs();
  const values = {
    cron: input.cron.trim().split(/\s+/).join(" "),
    question: input.question ?? "",
    enabled: input.enabled ?? true,
    updateTime: now,
  };
  await ctx.db
    .insert(agentSchedules)
    .values({ agentId: agent.id, ...values, createTime: now })
    .onConflictDoUpdate({ target: agentSchedules.agentId, set: values });
  return getAgentSchedule(ctx, agent.id);
};

export const getAgentSchedule = async (ctx: ServiceContext, agentId: string) => {
  const agent = await getVisibleAgent(ctx, agentId);
  const row = await ctx.db.query.agentSchedules.findFirst({ where: eq(agentSchedules.agentId, agent.id) });
  return row ? toSchedule(row) : null;
};

export const removeAgentSchedule = async (ctx: ServiceContext, agentId: string) => {
  const agent = await getManageableAgent(ctx, agentId);
  await ctx.db.delete(agentSchedules).where(eq(agentSchedules.agentId, agent.id));
  return true;
};
