import { count, desc, eq } from "drizzle-orm";
import type { PageQuery } from "../../contract/evaluation-sets";
import { evaluationRuns } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getSetInTeam } from "./access";
import { toRunSummary } from "./serialize";

// A set's runs, newest first.
export const listRuns = async (ctx: ServiceContext, setId: string, query: PageQuery) => {
  const set = await getSetInTeam(ctx, setId);
  const where = eq(evaluationRuns.setId, set.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(evaluationRuns)
      .where(where)
      .orderBy(desc(evaluationRuns.createTime), desc(evaluationRuns.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(evaluationRuns).where(where),
  ]);
  return { total: total?.n ?? 0, items: rows.map(toRunSummary) };
};
