import { and, eq } from "drizzle-orm";
import type { Agent } from "../../contract/agents";
import { datasets } from "../../db/schema";
import type { ServiceContext } from "../context";
import { getVisibleAgent, mayEditAgent } from "./access";
import { oneWithoutHiddenBases } from "./knowledge-bases";
import { toAgent } from "./serialize";

// GET /agents/{id}: the agent, and whether the caller may change it (the editor opens read-only otherwise).
export const getAgentForEditor = async (ctx: ServiceContext, id: string): Promise<Agent> => {
  const row = await oneWithoutHiddenBases(ctx, await getVisibleAgent(ctx, id));
  const editable = mayEditAgent(ctx, row);
  const agent = { ...toAgent(row, editable), can_edit: editable };
  if (row.canvasCategory !== "dataflow_canvas") return agent;
  const users = await ctx.db
    .select({ id: datasets.id, name: datasets.name, avatar: datasets.avatar })
    .from(datasets)
    .where(and(eq(datasets.pipelineId, row.id), eq(datasets.tenantId, row.tenantId)));
  return { ...agent, datasets: users };
};

// What a share page shows before the first question: the flow's face, its Begin inputs and mode (a "task" flow
// runs on its inputs alone, without a typed question).
export const sharedAgentInfo = async (ctx: ServiceContext, id: string) => {
  const agent = await getVisibleAgent(ctx, id);
  const begin = agent.dsl.components.begin?.obj.params ?? {};
  const mode = begin.mode === "task" ? "task" : "conversational";
  return {
    id: agent.id,
    title: agent.title,
    description: agent.description,
    avatar: agent.avatar,
    prologue: String(begin.prologue ?? ""),
    inputs: begin.inputs ?? {},
    mode,
  };
};
