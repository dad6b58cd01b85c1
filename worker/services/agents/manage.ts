import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Agent, CreateAgentInput, ListAgentsQuery, UpdateAgentInput } from "../../contract/agents";
import { type AgentRow, agents } from "../../db/schema";
import { AppError, dataError, RetCode } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { maskSecrets } from "../../contract/agent-components";
import type { ServiceContext } from "../context";
import { removeShareTokensOf } from "../share-links/tokens";
import { canManageTeam } from "../teams/membership";

// A flow as someone who may only run it reads it (list, viewer, copy): credentials in parameters and globals masked.
const withoutSecrets = (dsl: AgentRow["dsl"]): AgentRow["dsl"] => ({
  ...dsl,
  components: Object.fromEntries(
    Object.entries(dsl.components).map(([id, component]) => [
      id,
      { ...component, obj: { ...component.obj, params: maskSecrets(component.obj.params) } },
    ]),
  ),
  globals: maskSecrets(dsl.globals ?? {}),
});

export const toAgent = (row: AgentRow, editable = true): Agent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  avatar: row.avatar,
  permission: row.permission,
  canvas_type: row.canvasType,
  dsl: editable ? row.dsl : withoutSecrets(row.dsl),
  user_id: row.createdBy,
  create_time: row.createTime,
  update_time: row.updateTime,
});

// Like knowledge bases: a team's shared flows and the caller's own.
const visibleAgents = (ctx: ServiceContext): SQL =>
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

export const getManageableAgent = async (ctx: ServiceContext, id: string) => {
  const row = await getVisibleAgent(ctx, id);
  if (!mayEditAgent(ctx, row)) throw onlyOwner();
  return row;
};

// GET /agents/{id}: the agent, and whether the caller may change it (the editor opens read-only otherwise).
export const getAgentForEditor = async (ctx: ServiceContext, id: string): Promise<Agent> => {
  const row = await getVisibleAgent(ctx, id);
  const editable = mayEditAgent(ctx, row);
  return { ...toAgent(row, editable), can_edit: editable };
};

const assertTitleFree = async (ctx: ServiceContext, title: string, exceptId?: string) => {
  const clash = await ctx.db.query.agents.findFirst({
    where: and(eq(agents.tenantId, ctx.actor.tenantId), eq(agents.titleKey, title.toLowerCase())),
  });
  if (clash && clash.id !== exceptId) throw dataError(`Agent with title ${title} already exists.`);
};

export const listAgents = async (ctx: ServiceContext, query: ListAgentsQuery) => {
  const where = and(
    visibleAgents(ctx),
    query.id ? eq(agents.id, query.id) : undefined,
    query.title ? eq(agents.titleKey, query.title.toLowerCase()) : undefined,
    query.keywords ? sql`instr(${agents.titleKey}, ${query.keywords.toLowerCase()}) > 0` : undefined,
  );
  const column = query.orderby === "create_time" ? agents.createTime : agents.updateTime;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(agents)
      .where(where)
      .orderBy(query.desc ? desc(column) : asc(column), asc(agents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(agents).where(where),
  ]);
  return { agents: rows.map((row) => toAgent(row, mayEditAgent(ctx, row))), total: total?.n ?? 0 };
};

export const createAgent = async (ctx: ServiceContext, input: CreateAgentInput, canvasType = "") => {
  await assertTitleFree(ctx, input.title);
  const now = nowMs();
  const row: AgentRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    createdBy: ctx.actor.userId,
    title: input.title,
    titleKey: input.title.toLowerCase(),
    description: input.description ?? null,
    avatar: input.avatar ?? null,
    permission: input.permission,
    canvasType,
    dsl: input.dsl as AgentRow["dsl"],
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(agents).values(row);
  return toAgent(row);
};

export const updateAgent = async (ctx: ServiceContext, id: string, input: UpdateAgentInput) => {
  const current = await getManageableAgent(ctx, id);
  if (input.title !== undefined) await assertTitleFree(ctx, input.title, id);
  await ctx.db
    .update(agents)
    .set({
      ...(input.title !== undefined ? { title: input.title, titleKey: input.title.toLowerCase() } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.permission !== undefined ? { permission: input.permission } : {}),
      ...(input.dsl !== undefined ? { dsl: input.dsl as AgentRow["dsl"] } : {}),
      updateTime: nowMs(),
    })
    .where(eq(agents.id, current.id));
  return true;
};

export const removeAgent = async (ctx: ServiceContext, id: string) => {
  await getManageableAgent(ctx, id);
  await ctx.db.delete(agents).where(eq(agents.id, id));
  await removeShareTokensOf(ctx, "agent", [id]);
  return true;
};

// A copy named "<title> (copy)", "(copy 2)", … owned by the caller.
export const duplicateAgent = async (ctx: ServiceContext, id: string) => {
  const source = await getVisibleAgent(ctx, id);
  for (let n = 1; ; n++) {
    const title = n === 1 ? `${source.title} (copy)` : `${source.title} (copy ${n})`;
    const clash = await ctx.db.query.agents.findFirst({
      where: and(eq(agents.tenantId, ctx.actor.tenantId), eq(agents.titleKey, title.toLowerCase())),
    });
    const dsl = mayEditAgent(ctx, source) ? source.dsl : withoutSecrets(source.dsl);
    if (!clash)
      return createAgent(
        ctx,
        { title, description: source.description, avatar: source.avatar, permission: "me", dsl },
        source.canvasType,
      );
  }
};

// What a share page shows before the first question: the flow's face, its Begin inputs and mode (a "task" flow
// runs on its inputs alone, without a typed question).
export const sharedAgentInfo = async (ctx: ServiceContext, id: string) => {
  const agent = await getVisibleAgent(ctx, id);
  const begin = agent.dsl.components.begin?.obj.params ?? {};
  const mode = begin.mode === "task" ? "task" : "conversational";
  return {
    id: agent.id,
    title: agent.title,
    description: agent.description,
    avatar: agent.avatar,
    prologue: String(begin.prologue ?? ""),
    inputs: begin.inputs ?? {},
    mode,
  };
};
