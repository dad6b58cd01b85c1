import type { CreatePromptTemplateInput } from "../../contract/prompt-templates";
import { type PromptTemplateRow, promptTemplates } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { assertNameFree, orNameTaken } from "./internal";
import { toPromptTemplate } from "./serialize";

export const createPromptTemplate = async (ctx: ServiceContext, input: CreatePromptTemplateInput) => {
  await assertNameFree(ctx, input.name);
  const now = nowMs();
  const row: PromptTemplateRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    createdBy: ctx.actor.userId,
    name: input.name,
    nameKey: input.name.toLowerCase(),
    description: input.description,
    content: input.content,
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(promptTemplates).values(row).catch(orNameTaken);
  return toPromptTemplate(row);
};
