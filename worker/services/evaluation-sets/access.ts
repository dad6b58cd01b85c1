import { and, eq, not, notExists, type SQL, sql } from "drizzle-orm";
import { datasets, type EvaluationSetRow, evaluationRuns, evaluationSets } from "../../db/schema";
import { dataError, permissionError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { datasetsVisibleTo, visibleDatasetIds } from "../scope/datasets";
import { canManageTeam } from "../teams/membership";

export const setNotFound = (id: string) => dataError(`You don't own the evaluation set ${id}.`);

// The team's sets none of whose knowledge bases is hidden from the caller: a set naming a base private to another
// member stays hidden from everyone else, ids and questions included. A deleted base hides nothing (a run of the
// set then fails naming it, until the set's bases are changed).
export const visibleSets = (ctx: ServiceContext): SQL =>
  and(
    eq(evaluationSets.tenantId, ctx.actor.tenantId),
    notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(datasets)
        .where(
          and(
            sql`${datasets.id} IN (SELECT value FROM json_each(${evaluationSets.datasetIds}))`,
            not(datasetsVisibleTo(ctx.actor.tenantId, ctx.actor.userId)),
          ),
        ),
    ),
  ) as SQL;

// Every member of the team reads the team's sets (over bases they can see).
export const getSetInTeam = async (ctx: ServiceContext, id: string) => {
  // a plain select: visibleSets names the table, which relational queries alias
  const [row] = await ctx.db
    .select()
    .from(evaluationSets)
    .where(and(eq(evaluationSets.id, id), visibleSets(ctx)));
  if (!row) throw setNotFound(id);
  return row;
};

// Changes, questions and runs: the creator, or an owner or admin of the team (as for knowledge bases).
export const mayManageSet = (ctx: ServiceContext, row: Pick<EvaluationSetRow, "createdBy">) =>
  row.createdBy === ctx.actor.userId || canManageTeam(ctx.actor.role);

export const getManageableSet = async (ctx: ServiceContext, id: string) => {
  const row = await getSetInTeam(ctx, id);
  if (!mayManageSet(ctx, row)) {
    throw permissionError("Only the set's creator or the team's owner or an admin can change it.");
  }
  return row;
};

// A set may name only knowledge bases the caller sees (the rule of assistants' dataset_ids).
export const assertVisibleBases = async (ctx: ServiceContext, ids: string[]) => {
  const visible = await visibleDatasetIds(ctx, ids);
  const hidden = ids.find((id) => !visible.has(id));
  if (hidden) throw dataError(`\`dataset_ids\`: you don't own the dataset ${hidden}.`);
};

// A run, through its set's visibility.
export const getRunInTeam = async (ctx: ServiceContext, runId: string) => {
  const [found] = await ctx.db
    .select({ run: evaluationRuns, set: evaluationSets })
    .from(evaluationRuns)
    .innerJoin(evaluationSets, eq(evaluationSets.id, evaluationRuns.setId))
    .where(and(eq(evaluationRuns.id, runId), visibleSets(ctx)));
  if (!found) throw dataError(`You don't own the evaluation run ${runId}.`);
  return found;
};
