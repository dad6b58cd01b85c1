import { and, eq, like, or } from "drizzle-orm";
import { datasets } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";

export const lacksPermission = (ctx: ServiceContext, ids: string) =>
  dataError(`User '${ctx.actor.tenantId}' lacks permission for dataset '${ids}'`);

// Fetch-or-throw: the dataset must belong to the caller's tenant.
export const getDatasetInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.datasets.findFirst({
    where: and(eq(datasets.id, id), eq(datasets.tenantId, ctx.actor.tenantId)),
  });
  if (!row) throw dataError(`You don't own the dataset ${id}.`);
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
        or(eq(datasets.nameKey, key), like(datasets.nameKey, `${key}(%)`)),
      ),
    );
  return rows.map((row) => row.name);
};
