import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "./internal";
import { toDataset } from "./serialize";

export const getDataset = async (ctx: ServiceContext, id: string) => toDataset(await getDatasetInTenant(ctx, id));
