import { type CreateAgentInput, canvasCategoryOf } from "../../contract/agents";
import { type AgentRow, agents } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { assertTitleFree } from "./internal";
import { toAgent } from "./serialize";
import { recordVersion } from "./versions/record";

export const createAgent = async (ctx: ServiceContext, input: CreateAgentInput, canvasType = "") => {
  await assertTitleFree(ctx, input.title);
  const now = nowMs();
  const row: AgentRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    createdBy: ctx.actor.userId,
    title: input.title,
    titleKey: input.title.toLowerCase(),
    description: input.description ?? null,
    avatar: input.avatar ?? null,
    permission: input.permission,
    canvasType,
    canvasCategory: canvasCategoryOf(input),
    dsl: input.dsl as AgentRow["dsl"],
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(agents).values(row);
  await recordVersion(ctx, row.id, row.title, row.dsl, false, now);
  return toAgent(row);
};
