import { eq } from "drizzle-orm";
import { knowledgeGraphs } from "../../db/schema";
import { withoutDocuments } from "../../rag/graph/merge";
import type { Deps } from "../context";
import { withCommunities } from "./community-reports";
import { loadCommunityReports, updateKnowledgeGraph } from "./store";
import { deleteGraphVectors, graphVectorIds } from "./vectors";

const ATTEMPTS = 3;

// Deleted documents leave the knowledge graph at once, as in RAGFlow: what only they contributed goes, and so do
// the community reports on an entity that went (they describe it); the rest stays until the graph is built again.
// A graph written meanwhile (a build finishing, another deletion) is read again.
export const removeDocumentsFromGraph = async (deps: Deps, datasetId: string, documentIds: string[]) => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await deps.db.query.knowledgeGraphs.findFirst({ where: eq(knowledgeGraphs.datasetId, datasetId) });
    const graph = row && withoutDocuments(row.graph, new Set(documentIds));
    if (!row || !graph) return;
    const kept = new Set(graph.nodes.map((node) => node.id));
    const reports = (await loadCommunityReports(deps, datasetId)).filter((report) =>
      report.entities.every((id) => kept.has(id)),
    );
    if (await updateKnowledgeGraph(deps, datasetId, row.updateTime, withCommunities(graph, reports), reports)) {
      await deleteGraphVectors(deps, datasetId, row.graph, await graphVectorIds(datasetId, graph));
      return;
    }
  }
};
