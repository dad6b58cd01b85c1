import { asc, eq } from "drizzle-orm";
import type { AgentVersion, AgentVersionSummary } from "../../../contract/agent-versions";
import { dslChanges } from "../../../contract/agent-versions";
import { type AgentVersionRow, agentVersions } from "../../../db/schema";
import { dataError } from "../../../lib/errors";
import { httpDate } from "../../../lib/time";
import type { ServiceContext } from "../../context";
import { getVisibleAgent, mayEditAgent } from "../access";
import { withoutHiddenBases } from "../knowledge-bases";
import { withoutSecrets } from "../serialize";

type Readable = { rows: AgentVersionRow[]; agentCreated: number };

// The version recorded with the flow itself carries the flow's creation time; every later one is newer. Once that
// version is pruned, the oldest kept one is not the first.
const isFirst = ({ rows, agentCreated }: Readable, at: number) => rows[at]?.createTime === agentCreated;

const summary = (readable: Readable, at: number): AgentVersionSummary => {
  const row = readable.rows[at] as AgentVersionRow;
  const before = readable.rows[at - 1];
  return {
    id: row.id,
    user_canvas_id: row.agentId,
    title: row.title,
    description: row.description,
    release: row.release,
    create_time: row.createTime,
    update_time: row.updateTime,
    create_date: httpDate(row.createTime),
    update_date: httpDate(row.updateTime),
    changes: dslChanges(before?.dsl ?? null, row.dsl),
    first: isFirst(readable, at),
  };
};

// A flow's versions, oldest first, as the caller may read them (credentials masked for those who only run it,
// knowledge bases the caller cannot see left out).
const readableVersions = async (ctx: ServiceContext, agentId: string): Promise<Readable> => {
  const agent = await getVisibleAgent(ctx, agentId);
  const rows = await ctx.db.query.agentVersions.findMany({
    where: eq(agentVersions.agentId, agent.id),
    orderBy: [asc(agentVersions.createTime)],
  });
  const editable = mayEditAgent(ctx, agent);
  const masked = editable ? rows : rows.map((row) => ({ ...row, dsl: withoutSecrets(row.dsl) }));
  return { rows: await withoutHiddenBases(ctx, masked), agentCreated: agent.createTime };
};

// GET /agents/{id}/versions: newest save first, each with what it changed against the one before.
export const listAgentVersions = async (ctx: ServiceContext, agentId: string): Promise<AgentVersionSummary[]> => {
  const readable = await readableVersions(ctx, agentId);
  return readable.rows.map((_, at) => summary(readable, at)).toSorted((a, b) => b.update_time - a.update_time);
};

export const getAgentVersion = async (
  ctx: ServiceContext,
  agentId: string,
  versionId: string,
): Promise<AgentVersion> => {
  const readable = await readableVersions(ctx, agentId);
  const at = readable.rows.findIndex((row) => row.id === versionId);
  const row = readable.rows[at];
  if (!row) throw dataError("Version not found.");
  return { ...summary(readable, at), dsl: row.dsl };
};
