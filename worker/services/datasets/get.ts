import type { ServiceContext } from "../context";
import { getDatasetInTenant, lacksPermission } from "../scope/datasets";
import { toDataset } from "./serialize";

// RAGFlow's get_dataset words an unknown (or foreign) dataset as one the caller lacks permission for
export const getDataset = async (ctx: ServiceContext, id: string) =>
  toDataset(await getDatasetInTenant(ctx, id, lacksPermission(ctx, id).message));
