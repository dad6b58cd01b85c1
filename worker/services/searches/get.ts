import type { ServiceContext } from "../context";
import { getSearchInTenant } from "./access";
import { rowsShownTo } from "./hidden-bases";
import { toSearchApp } from "./serialize";

export const getSearch = async (ctx: ServiceContext, id: string) => {
  const [row] = await rowsShownTo(ctx, [await getSearchInTenant(ctx, id)]);
  return toSearchApp(row as NonNullable<typeof row>);
};
