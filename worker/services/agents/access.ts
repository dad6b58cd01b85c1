import { and, eq, or, type SQL } from "drizzle-orm";
import { type AgentRow, agents } from "../../db/schema";
import { AppError, dataError, RetCode } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { canManageTeam } from "../teams/membership";

// Like knowledge bases: a team's shared flows and the caller's own.
export const visibleAgents = (ctx: ServiceContext): SQL =>
  ctx.actor.via === "share"
    ? eq(agents.tenantId, ctx.actor.tenantId)
    : (and(
        eq(agents.tenantId, ctx.actor.tenantId),
        or(eq(agents.permission, "team"), eq(agents.createdBy, ctx.actor.userId)),
      ) as SQL);

export const getVisibleAgent = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.agents.findFirst({ where: and(eq(agents.id, id), visibleAgents(ctx)) });
  if (!row) throw dataError(`You don't own the agent ${id}.`);
  return row;
};

const onlyOwner = () => new AppError(RetCode.OPERATING_ERROR, "Only owner of canvas authorized for this operation.");

export const mayEditAgent = (ctx: ServiceContext, row: AgentRow) =>
  ctx.actor.via !== "share" && (row.createdBy === ctx.actor.userId || canManageTeam(ctx.actor.role));

// RAGFlow v0.27's refusals (103) of a change to an agent the caller cannot see
export const ACCESS_REFUSED = "Make sure you have permission to access the agent.";
export const OWNER_ONLY = "Only the owner of the agent is authorized for this operation.";

// `unseen`: the refusal for an agent the caller cannot see, else "You don't own the agent …" (102)
export const getManageableAgent = async (ctx: ServiceContext, id: string, unseen?: string) => {
  const row = unseen
    ? await ctx.db.query.agents.findFirst({ where: and(eq(agents.id, id), visibleAgents(ctx)) })
    : await getVisibleAgent(ctx, id);
  if (!row) throw new AppError(RetCode.OPERATING_ERROR, unseen as string);
  if (!mayEditAgent(ctx, row)) throw onlyOwner();
  return row;
};
