import type { ServiceContext } from "../context";
import { getSearchInTenant } from "./access";
import { toSearchApp } from "./serialize";

export const getSearch = async (ctx: ServiceContext, id: string) => toSearchApp(await getSearchInTenant(ctx, id));
