import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import {
  type CreatePromptTemplateInput,
  type ListPromptTemplatesQuery,
  PROMPT_NAME_TAKEN,
  type PromptTemplate,
  type UpdatePromptTemplateInput,
} from "../../contract/prompt-templates";
import { type PromptTemplateRow, promptTemplates } from "../../db/schema";
import { dataError, permissionError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { canManageTeam } from "../teams/membership";

export const toPromptTemplate = (row: PromptTemplateRow): PromptTemplate => ({
  id: row.id,
  tenant_id: row.tenantId,
  created_by: row.createdBy,
  name: row.name,
  description: row.description,
  content: row.content,
  create_time: row.createTime,
  update_time: row.updateTime,
});

// Every member of the team reads the team's templates.
const getTemplateInTeam = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.promptTemplates.findFirst({
    where: and(eq(promptTemplates.id, id), eq(promptTemplates.tenantId, ctx.actor.tenantId)),
  });
  if (!row) throw dataError(`You don't own the prompt template ${id}.`);
  return row;
};

// Changes and deletion: the creator, or an owner or admin of the team (as for knowledge bases and flows).
const getManageableTemplate = async (ctx: ServiceContext, id: string) => {
  const row = await getTemplateInTeam(ctx, id);
  if (row.createdBy !== ctx.actor.userId && !canManageTeam(ctx.actor.role)) {
    throw permissionError("Only the template's creator or the team's owner or an admin can change it.");
  }
  return row;
};

const assertNameFree = async (ctx: ServiceContext, name: string, exceptId?: string) => {
  const clash = await ctx.db.query.promptTemplates.findFirst({
    where: and(eq(promptTemplates.tenantId, ctx.actor.tenantId), eq(promptTemplates.nameKey, name.toLowerCase())),
  });
  if (clash && clash.id !== exceptId) throw dataError(PROMPT_NAME_TAKEN);
};

// Two requests may pass the check at once; the unique index decides, with the same message.
const orNameTaken = (error: unknown): never => {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed"))
    throw dataError(PROMPT_NAME_TAKEN);
  throw error;
};

export const listPromptTemplates = async (ctx: ServiceContext, query: ListPromptTemplatesQuery) => {
  const keywords = query.keywords?.trim().toLowerCase();
  const where = and(
    eq(promptTemplates.tenantId, ctx.actor.tenantId),
    keywords
      ? or(
          sql`instr(${promptTemplates.nameKey}, ${keywords}) > 0`,
          sql`instr(lower(${promptTemplates.description}), ${keywords}) > 0`,
        )
      : undefined,
  );
  const column = {
    create_time: promptTemplates.createTime,
    update_time: promptTemplates.updateTime,
    name: promptTemplates.nameKey,
  }[query.orderby];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(promptTemplates)
      .where(where)
      .orderBy(query.desc ? desc(column) : asc(column), asc(promptTemplates.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(promptTemplates).where(where),
  ]);
  return { templates: rows.map(toPromptTemplate), total: total?.n ?? 0 };
};

export const getPromptTemplate = async (ctx: ServiceContext, id: string) =>
  toPromptTemplate(await getTemplateInTeam(ctx, id));

export const createPromptTemplate = async (ctx: ServiceContext, input: CreatePromptTemplateInput) => {
  await assertNameFree(ctx, input.name);
  const now = nowMs();
  const row: PromptTemplateRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    createdBy: ctx.actor.userId,
    name: input.name,
    nameKey: input.name.toLowerCase(),
    description: input.description,
    content: input.content,
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(promptTemplates).values(row).catch(orNameTaken);
  return toPromptTemplate(row);
};

export const updatePromptTemplate = async (ctx: ServiceContext, id: string, input: UpdatePromptTemplateInput) => {
  const current = await getManageableTemplate(ctx, id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name, nameKey: input.name.toLowerCase() } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.content !== undefined ? { content: input.content } : {}),
    updateTime: nowMs(),
  };
  await ctx.db.update(promptTemplates).set(changes).where(eq(promptTemplates.id, current.id)).catch(orNameTaken);
  return toPromptTemplate({ ...current, ...changes });
};

export const removePromptTemplate = async (ctx: ServiceContext, id: string) => {
  await getManageableTemplate(ctx, id);
  await ctx.db.delete(promptTemplates).where(eq(promptTemplates.id, id));
  return true;
};
