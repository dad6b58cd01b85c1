import { and, asc, count, desc, eq, or } from "drizzle-orm";
import type { ListPromptTemplatesQuery } from "../../contract/prompt-templates";
import { promptTemplates } from "../../db/schema";
import type { ServiceContext } from "../context";
import { toPromptTemplate } from "./serialize";
import { keyContains, textContains } from "../../lib/sql-match";

export const listPromptTemplates = async (ctx: ServiceContext, query: ListPromptTemplatesQuery) => {
  const keywords = query.keywords?.trim();
  const where = and(
    eq(promptTemplates.tenantId, ctx.actor.tenantId),
    keywords
      ? or(keyContains(promptTemplates.nameKey, keywords), textContains(promptTemplates.description, keywords))
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
