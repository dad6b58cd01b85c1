import { and, count, desc } from "drizzle-orm";
import type { ListEvaluationSetsQuery } from "../../contract/evaluation-sets";
import { evaluationSets } from "../../db/schema";
import { textContains } from "../../lib/sql-match";
import type { ServiceContext } from "../context";
import { visibleSets } from "./access";
import { setsWithDetails } from "./details";

// The team's sets the caller sees, last changed first.
export const listEvaluationSets = async (ctx: ServiceContext, query: ListEvaluationSetsQuery) => {
  const where = and(visibleSets(ctx), query.keywords ? textContains(evaluationSets.name, query.keywords) : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(evaluationSets)
      .where(where)
      .orderBy(desc(evaluationSets.updateTime), desc(evaluationSets.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(evaluationSets).where(where),
  ]);
  return { total: total?.n ?? 0, items: await setsWithDetails(ctx, rows) };
};
