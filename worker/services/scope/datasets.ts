import { and, eq, or, type SQL } from "drizzle-orm";
import { datasets } from "../../db/schema";
import type { DatasetRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { canManageTeam } from "../teams/membership";
import { startsWith } from "../../lib/sql-match";
import { inJsonList } from "../../lib/batches";

export const lacksPermission = (ctx: ServiceContext, ids: string) =>
  dataError(`User '${ctx.actor.tenantId}' lacks permission for dataset '${ids}'`);

// The datasets of a team one member may see: the team's shared ones and the member's own.
export const datasetsVisibleTo = (tenantId: string, userId: string): SQL =>
  and(eq(datasets.tenantId, tenantId), or(eq(datasets.permission, "team"), eq(datasets.createdBy, userId))) as SQL;

// The datasets of the caller's team the caller may see. Share visitors and queue jobs act for an assistant or a
// document already bound to the team: the team decides.
export const visibleDatasets = (ctx: ServiceContext): SQL =>
  ctx.actor.via === "share" || ctx.actor.via === "job"
    ? eq(datasets.tenantId, ctx.actor.tenantId)
    : datasetsVisibleTo(ctx.actor.tenantId, ctx.actor.userId);

// visibleDatasets for rows already loaded by id (a long id list: the id lookup is the fast plan in SQLite)
export const isVisibleDataset = (ctx: ServiceContext, row: Pick<DatasetRow, "tenantId" | "permission" | "createdBy">) =>
  row.tenantId === ctx.actor.tenantId &&
  (ctx.actor.via === "share" ||
    ctx.actor.via === "job" ||
    row.permission === "team" ||
    row.createdBy === ctx.actor.userId);

// Which of these ids name datasets the acting person may see (a share link: its maker), e.g. the bases a team's
// flow or search app names, as shown to one member.
export const visibleDatasetIds = async (ctx: ServiceContext, ids: Iterable<string>): Promise<Set<string>> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(datasetsVisibleTo(ctx.actor.tenantId, ctx.actor.userId), inJsonList(datasets.id, wanted)));
  return new Set(rows.map((row) => row.id));
};

// Fetch-or-throw: the dataset must be visible to the caller in the current team. (`notFound`: the route's own
// wording in RAGFlow, which varies.)
export const getDatasetInTenant = async (
  ctx: ServiceContext,
  id: string,
  notFound = `You don't own the dataset ${id}.`,
) => {
  const row = await ctx.db.query.datasets.findFirst({ where: and(eq(datasets.id, id), visibleDatasets(ctx)) });
  if (!row) throw dataError(notFound);
  return row;
};

// Settings and deletion: the creator, or an owner or admin of the team.
export const mayManageDataset = (ctx: ServiceContext, row: Pick<DatasetRow, "createdBy">) =>
  row.createdBy === ctx.actor.userId || canManageTeam(ctx.actor.role);

export const getManageableDataset = async (ctx: ServiceContext, id: string, notFound?: string) => {
  const row = await getDatasetInTenant(ctx, id, notFound);
  if (!mayManageDataset(ctx, row)) throw lacksPermission(ctx, id);
  return row;
};

// Names already used by the tenant that a new "name" or "name(n)" could clash with.
export const takenDatasetNames = async (ctx: ServiceContext, name: string) => {
  const key = name.toLowerCase();
  const rows = await ctx.db
    .select({ name: datasets.name })
    .from(datasets)
    .where(
      and(
        eq(datasets.tenantId, ctx.actor.tenantId),
        or(eq(datasets.nameKey, key), startsWith(datasets.nameKey, `${key}(`)),
      ),
    );
  return rows.map((row) => row.name);
};
