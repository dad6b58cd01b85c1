import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { ListPromptTemplatesQuery } from "../../contract/prompt-templates";
import { promptTemplates } from "../../db/schema";
import type { ServiceContext } from "../context";
import { toPromptTemplate } from "./serialize";

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
