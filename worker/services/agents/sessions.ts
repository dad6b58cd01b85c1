import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ListAgentSessionsQuery } from "../../contract/agents";
import { type AgentRow, agentSessions, type AgentSessionRow } from "../../db/schema";
import { eachChunk, rowsInChunks } from "../../lib/batches";
import { bulkReport, refuseWhenNoneValid, splitDuplicates } from "../../lib/bulk-report";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getVisibleAgent } from "./access";

export const toAgentSession = (row: AgentSessionRow) => ({
  id: row.id,
  agent_id: row.agentId,
  user_id: row.userId,
  source: row.source,
  message: row.messages,
  create_time: row.createTime,
  update_time: row.updateTime,
});

const prologueOf = (agent: AgentRow) => String(agent.dsl.components.begin?.obj.params.prologue ?? "");

// Share-link visitors choose their own id, so their sessions are kept apart from members' by source.
const sourceOf = (ctx: ServiceContext) => (ctx.actor.via === "share" ? "shared" : "agent");

// A new conversation opens with the Begin component's prologue.
export const newAgentSession = async (ctx: ServiceContext, agent: AgentRow) => {
  const now = nowMs();
  const prologue = prologueOf(agent);
  const row: AgentSessionRow = {
    id: newId(),
    agentId: agent.id,
    tenantId: agent.tenantId,
    userId: ctx.actor.userId,
    source: sourceOf(ctx),
    messages: prologue ? [{ role: "assistant", content: prologue, id: newId(), created_at: now }] : [],
    state: { resume: [], history: [] },
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(agentSessions).values(row);
  return row;
};

export const getAgentSession = async (ctx: ServiceContext, agentId: string, sessionId: string) => {
  const row = await ctx.db.query.agentSessions.findFirst({
    where: and(
      eq(agentSessions.id, sessionId),
      eq(agentSessions.agentId, agentId),
      eq(agentSessions.userId, ctx.actor.userId),
      eq(agentSessions.source, sourceOf(ctx)),
    ),
  });
  if (!row) throw dataError(`Session ${sessionId} not found for this agent.`);
  return row;
};

export const createAgentSession = async (ctx: ServiceContext, agentId: string) =>
  toAgentSession(await newAgentSession(ctx, await getVisibleAgent(ctx, agentId)));

export const listAgentSessions = async (ctx: ServiceContext, agentId: string, query: ListAgentSessionsQuery) => {
  await getVisibleAgent(ctx, agentId);
  const column = query.orderby === "create_time" ? agentSessions.createTime : agentSessions.updateTime;
  const rows = await ctx.db.query.agentSessions.findMany({
    where: and(
      eq(agentSessions.agentId, agentId),
      eq(agentSessions.userId, ctx.actor.userId),
      eq(agentSessions.source, sourceOf(ctx)),
      query.id ? eq(agentSessions.id, query.id) : undefined,
    ),
    orderBy: [query.desc ? desc(column) : asc(column), asc(agentSessions.id)],
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return rows.map(toAgentSession);
};

export const removeAgentSessions = async (
  ctx: ServiceContext,
  agentId: string,
  ids: string[] | undefined,
  all: boolean,
) => {
  await getVisibleAgent(ctx, agentId);
  const mine = and(
    eq(agentSessions.agentId, agentId),
    eq(agentSessions.userId, ctx.actor.userId),
    eq(agentSessions.source, sourceOf(ctx)),
  );
  const { unique, duplicateErrors } = splitDuplicates(ids ?? [], "session");
  const rows = all
    ? await ctx.db.select({ id: agentSessions.id }).from(agentSessions).where(mine)
    : await rowsInChunks(unique, (part) =>
        ctx.db
          .select({ id: agentSessions.id })
          .from(agentSessions)
          .where(and(mine, inArray(agentSessions.id, part))),
      );
  // another agent's or user's sessions and unknown ids are reported, the rest deleted (RAGFlow's delete_agent_session)
  const found = new Set(rows.map((row) => row.id));
  const errors = all
    ? []
    : [
        ...unique.filter((id) => !found.has(id)).map((id) => `The agent doesn't own the session ${id}`),
        ...duplicateErrors,
      ];
  refuseWhenNoneValid(found.size, errors);
  await eachChunk([...found], (part) => ctx.db.delete(agentSessions).where(inArray(agentSessions.id, part)));
  return bulkReport(found.size, errors);
};
