import { eq } from "drizzle-orm";
import type { UpdatePromptTemplateInput } from "../../contract/prompt-templates";
import { promptTemplates } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getManageableTemplate, assertNameFree, orNameTaken } from "./internal";
import { toPromptTemplate } from "./serialize";

export const updatePromptTemplate = async (ctx: ServiceContext, id: string, input: UpdatePromptTemplateInput) => {
  const current = await getManageableTemplate(ctx, id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name, nameKey: input.name.toLowerCase() } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.content !== undefined ? { content: input.content } : {}),
    updateTime: nowMs(),
  };
  await ctx.db.update(promptTemplates).set(changes).where(eq(promptTemplates.id, current.id)).catch(orNameTaken);
  return toPromptTemplate({ ...current, ...changes });
};
