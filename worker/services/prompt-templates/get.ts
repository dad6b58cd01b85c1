import type { ServiceContext } from "../context";
import { getTemplateInTeam } from "./internal";
import { toPromptTemplate } from "./serialize";

export const getPromptTemplate = async (ctx: ServiceContext, id: string) =>
  toPromptTemplate(await getTemplateInTeam(ctx, id));
