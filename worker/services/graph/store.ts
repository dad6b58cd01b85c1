import { and, eq } from "drizzle-orm";
import type { KnowledgeGraph, KnowledgeGraphResponse } from "../../contract/knowledge-graph";
import { knowledgeGraphs } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps, ServiceContext } from "../context";
import { getDatasetInTenant } from "../datasets/internal";
import { loadMindMap } from "../mindmap/store";

// RAGFlow shows at most 256 nodes (highest rank first) and the edges between them.
const SHOWN_NODES = 256;
const SHOWN_EDGES = 512;

export const saveKnowledgeGraph = (deps: Deps, datasetId: string, taskId: string, graph: KnowledgeGraph) =>
  deps.db
    .insert(knowledgeGraphs)
    .values({ datasetId, taskId, graph, updateTime: nowMs() })
    .onConflictDoUpdate({ target: knowledgeGraphs.datasetId, set: { taskId, graph, updateTime: nowMs() } });

export const loadKnowledgeGraph = async (deps: Deps, datasetId: string) =>
  (await deps.db.query.knowledgeGraphs.findFirst({ where: eq(knowledgeGraphs.datasetId, datasetId) }))?.graph ?? null;

// The whole graph, or only what one task wrote (a cancelled task's late write).
export const removeKnowledgeGraph = async (deps: Deps, datasetId: string, taskId?: string) => {
  await deps.db.delete(knowledgeGraphs).where(and(eq(knowledgeGraphs.datasetId, datasetId), ...(taskId ? [eq(knowledgeGraphs.taskId, taskId)] : [])));
};

// GET /datasets/{id}/knowledge_graph: `graph` and `mind_map` are {} until they are built.
export const getKnowledgeGraph = async (ctx: ServiceContext, datasetId: string): Promise<KnowledgeGraphResponse> => {
  await getDatasetInTenant(ctx, datasetId);
  const [graph, mindMap] = await Promise.all([loadKnowledgeGraph(ctx, datasetId), loadMindMap(ctx, datasetId)]);
  const mind_map = mindMap ?? {};
  if (!graph) return { graph: {}, mind_map };
  const nodes = graph.nodes.slice(0, SHOWN_NODES);
  const shown = new Set(nodes.map((node) => node.id));
  const edges = graph.edges.filter((edge) => shown.has(edge.source) && shown.has(edge.target)).slice(0, SHOWN_EDGES);
  return { graph: { nodes, edges }, mind_map };
};
