import type { ServiceContext } from "../context";
import { getSetInTeam } from "./access";
import { setWithDetails } from "./details";

export const getEvaluationSet = async (ctx: ServiceContext, id: string) =>
  setWithDetails(ctx, await getSetInTeam(ctx, id));
