import { eq } from "drizzle-orm";
import { datasetTasks } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant, lacksPermission, mayManageDataset } from "../scope/datasets";

export const ACTIVE_STATES = ["queued", "running"] as const;

// RAGFlow answers an unknown (or another team's) dataset on these routes with "Invalid Dataset ID".
export const visibleDataset = (ctx: ServiceContext, id: string) =>
  getDatasetInTenant(ctx, id).catch(() => {
    throw dataError("Invalid Dataset ID");
  });

export const manageableDataset = async (ctx: ServiceContext, id: string) => {
  const dataset = await visibleDataset(ctx, id);
  if (!mayManageDataset(ctx, dataset)) throw lacksPermission(ctx, id);
  return dataset;
};

export const taskById = (ctx: ServiceContext, taskId: string | null) =>
  taskId ? ctx.db.query.datasetTasks.findFirst({ where: eq(datasetTasks.id, taskId) }) : Promise.resolve(undefined);
