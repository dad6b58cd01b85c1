import { and, asc, eq, inArray } from "drizzle-orm";
import type { CommunityReport, KnowledgeGraph, KnowledgeGraphResponse } from "../../contract/knowledge-graph";
import { graphCommunities, graphExtractions, knowledgeGraphs } from "../../db/schema";
import { inChunks, rowsInChunks, rowsPerInsert } from "../../lib/batches";
import { nowMs } from "../../lib/time";
import type { Deps, ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { loadMindMap } from "../mindmap/store";
import { deleteGraphVectors } from "./vectors";

// RAGFlow shows at most 256 nodes (highest rank first) and the edges between them.
const SHOWN_NODES = 256;
const SHOWN_EDGES = 512;

const replaceReports = (deps: Deps, datasetId: string, taskId: string, reports: CommunityReport[]) => {
  const rows = reports.map((report, position) => ({ datasetId, position, taskId, report }));
  return [
    deps.db.delete(graphCommunities).where(eq(graphCommunities.datasetId, datasetId)),
    ...inChunks(rows, rowsPerInsert(4)).map((part) => deps.db.insert(graphCommunities).values(part)),
  ] as const;
};

// The graph and its community reports replace the previous ones together.
export const saveKnowledgeGraph = async (
  deps: Deps,
  datasetId: string,
  taskId: string,
  graph: KnowledgeGraph,
  reports: CommunityReport[],
) => {
  await deps.db.batch([
    deps.db
      .insert(knowledgeGraphs)
      .values({ datasetId, taskId, graph, updateTime: nowMs() })
      .onConflictDoUpdate({ target: knowledgeGraphs.datasetId, set: { taskId, graph, updateTime: nowMs() } }),
    ...replaceReports(deps, datasetId, taskId, reports),
  ]);
};

// Changes a graph read at `readAt` (its update_time): false when it was written meanwhile (read it again).
export const updateKnowledgeGraph = async (
  deps: Deps,
  datasetId: string,
  readAt: number,
  graph: KnowledgeGraph,
  reports: CommunityReport[],
) => {
  const [row] = await deps.db
    .update(knowledgeGraphs)
    .set({ graph, updateTime: Math.max(nowMs(), readAt + 1) })
    .where(and(eq(knowledgeGraphs.datasetId, datasetId), eq(knowledgeGraphs.updateTime, readAt)))
    .returning({ taskId: knowledgeGraphs.taskId });
  if (!row) return false;
  const [first, ...rest] = replaceReports(deps, datasetId, row.taskId, reports);
  await deps.db.batch([first, ...rest]);
  return true;
};

export const loadKnowledgeGraph = async (deps: Deps, datasetId: string) =>
  (await deps.db.query.knowledgeGraphs.findFirst({ where: eq(knowledgeGraphs.datasetId, datasetId) }))?.graph ?? null;

export const loadCommunityReports = async (deps: Deps, datasetId: string) =>
  (
    await deps.db
      .select({ report: graphCommunities.report })
      .from(graphCommunities)
      .where(eq(graphCommunities.datasetId, datasetId))
      .orderBy(asc(graphCommunities.position))
  ).map((row) => row.report);

// The whole graph with what was extracted for it (the next build reads every chunk again), or only what one
// task wrote (a cancelled task's late write; its extractions stay for the next build).
export const removeKnowledgeGraph = async (deps: Deps, datasetId: string, taskId?: string) => {
  const current = await deps.db.query.knowledgeGraphs.findFirst({ where: eq(knowledgeGraphs.datasetId, datasetId) });
  if (current && (!taskId || current.taskId === taskId)) await deleteGraphVectors(deps, datasetId, current.graph);
  if (taskId) {
    await deps.db.batch([
      deps.db
        .delete(knowledgeGraphs)
        .where(and(eq(knowledgeGraphs.datasetId, datasetId), eq(knowledgeGraphs.taskId, taskId))),
      deps.db
        .delete(graphCommunities)
        .where(and(eq(graphCommunities.datasetId, datasetId), eq(graphCommunities.taskId, taskId))),
    ]);
    return;
  }
  await deps.db.batch([
    deps.db.delete(knowledgeGraphs).where(eq(knowledgeGraphs.datasetId, datasetId)),
    deps.db.delete(graphCommunities).where(eq(graphCommunities.datasetId, datasetId)),
    deps.db.delete(graphExtractions).where(eq(graphExtractions.datasetId, datasetId)),
  ]);
};

// Before datasets are deleted (their graph rows go by cascade): the graphs' vectors, for those that have a graph.
export const removeKnowledgeGraphsOf = async (deps: Deps, datasetIds: string[]) => {
  const built = await rowsInChunks(datasetIds, (part) =>
    deps.db
      .select({ datasetId: knowledgeGraphs.datasetId })
      .from(knowledgeGraphs)
      .where(inArray(knowledgeGraphs.datasetId, part)),
  );
  for (const { datasetId } of built) await removeKnowledgeGraph(deps, datasetId);
};

// GET /datasets/{id}/knowledge_graph: `graph` and `mind_map` are {} until they are built.
export const getKnowledgeGraph = async (ctx: ServiceContext, datasetId: string): Promise<KnowledgeGraphResponse> => {
  await getDatasetInTenant(ctx, datasetId);
  const [graph, mindMap, community_reports] = await Promise.all([
    loadKnowledgeGraph(ctx, datasetId),
    loadMindMap(ctx, datasetId),
    loadCommunityReports(ctx, datasetId),
  ]);
  const mind_map = mindMap ?? {};
  if (!graph) return { graph: {}, mind_map, community_reports: [] };
  const nodes = graph.nodes.slice(0, SHOWN_NODES);
  const shown = new Set(nodes.map((node) => node.id));
  const edges = graph.edges.filter((edge) => shown.has(edge.source) && shown.has(edge.target)).slice(0, SHOWN_EDGES);
  return { graph: { nodes, edges }, mind_map, community_reports };
};
