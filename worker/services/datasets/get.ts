import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { toDataset } from "./serialize";

export const getDataset = async (ctx: ServiceContext, id: string) => toDataset(await getDatasetInTenant(ctx, id));
