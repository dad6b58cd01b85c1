import { asc, count, eq } from "drizzle-orm";
import type { PageQuery } from "../../contract/evaluation-sets";
import { evaluationQuestions } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getSetInTeam } from "./access";
import { toQuestion } from "./serialize";

// A set's questions in the order they were added.
export const listQuestions = async (ctx: ServiceContext, setId: string, query: PageQuery) => {
  const set = await getSetInTeam(ctx, setId);
  const where = eq(evaluationQuestions.setId, set.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(evaluationQuestions)
      .where(where)
      .orderBy(asc(evaluationQuestions.createTime), asc(evaluationQuestions.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(evaluationQuestions).where(where),
  ]);
  return { total: total?.n ?? 0, items: rows.map(toQuestion) };
};
