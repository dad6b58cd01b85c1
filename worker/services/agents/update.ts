import { eq } from "drizzle-orm";
import { dslCategoryProblem, type UpdateAgentInput } from "../../contract/agents";
import { type AgentRow, agents } from "../../db/schema";
import { argumentError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { ACCESS_REFUSED, getManageableAgent } from "./access";
import { assertTitleFree } from "./internal";
import { keepHiddenBases } from "./knowledge-bases";
import { recordVersion } from "./versions/record";

export const updateAgent = async (ctx: ServiceContext, id: string, input: UpdateAgentInput) => {
  const current = await getManageableAgent(ctx, id, ACCESS_REFUSED);
  if (input.title !== undefined) await assertTitleFree(ctx, input.title, id);
  // datasets name a pipeline by id and agents' sessions hang on an agent: a canvas keeps its category
  if (input.canvas_category !== undefined && input.canvas_category !== current.canvasCategory)
    throw argumentError(
      `canvas_category cannot be changed (this canvas is ${current.canvasCategory}); create a new one instead`,
    );
  const categoryProblem = input.dsl && dslCategoryProblem(current.canvasCategory, input.dsl);
  if (categoryProblem) throw argumentError(categoryProblem);
  const dsl =
    input.dsl === undefined ? undefined : await keepHiddenBases(ctx, current.dsl, input.dsl as AgentRow["dsl"]);
  await ctx.db
    .update(agents)
    .set({
      ...(input.title !== undefined ? { title: input.title, titleKey: input.title.toLowerCase() } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.permission !== undefined ? { permission: input.permission } : {}),
      ...(dsl !== undefined ? { dsl } : {}),
      updateTime: nowMs(),
    })
    .where(eq(agents.id, current.id));
  if (dsl !== undefined || input.release)
    await recordVersion(ctx, current.id, input.title ?? current.title, dsl ?? current.dsl, input.release === true);
  return true;
};
