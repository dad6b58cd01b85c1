import type { ServiceContext } from "../context";
import { getMemoryInTenant } from "./access";
import { ownerName } from "./owner-name";
import { toMemoryView } from "./serialize";

export const getMemoryConfig = async (ctx: ServiceContext, id: string) => {
  const row = await getMemoryInTenant(ctx, id);
  return toMemoryView(row, await ownerName(ctx, row.createdBy));
};
