import { inArray } from "drizzle-orm";
import type { CommunityReport, KnowledgeGraph } from "../../contract/knowledge-graph";
import type { RetrievedChunk } from "../../contract/retrieval";
import { graphCommunities, knowledgeGraphs } from "../../db/schema";
import { communityReportText } from "../../rag/graph/communities";
import { relevantSubgraph, subgraphText } from "../../rag/graph/match";
import type { ServiceContext } from "../context";

// The document name RAGFlow gives its knowledge-graph chunk.
export const KNOWLEDGE_GRAPH_DOCUMENT = "Related content in Knowledge Graph";

// RAGFlow adds one community report: the heaviest of those on the entities found.
const communityReportOn = async (ctx: ServiceContext, datasetIds: string[], entities: Set<string>) => {
  const rows = await ctx.db.select({ report: graphCommunities.report }).from(graphCommunities).where(inArray(graphCommunities.datasetId, datasetIds));
  return rows
    .map((row) => row.report as CommunityReport)
    .filter((report) => report.entities.some((id) => entities.has(id)))
    .toSorted((a, b) => b.weight - a.weight || b.level - a.level)[0];
};

// `use_kg`: one chunk with the graph's entities and relations the question names (null when it names none) and
// the community report on them, put first among the results as RAGFlow does, at full similarity.
export const knowledgeGraphChunk = async (ctx: ServiceContext, datasetIds: string[], question: string): Promise<RetrievedChunk | null> => {
  const rows = await ctx.db.select({ graph: knowledgeGraphs.graph }).from(knowledgeGraphs).where(inArray(knowledgeGraphs.datasetId, datasetIds));
  const subgraph = relevantSubgraph(rows.map((row) => row.graph as KnowledgeGraph), question);
  if (subgraph.entities.length === 0) return null;
  const report = await communityReportOn(ctx, datasetIds, new Set(subgraph.entities.map((node) => node.id)));
  const content = [subgraphText(subgraph), ...(report ? [`Community report:\n${communityReportText(report)}`] : [])].join("\n");
  return {
    id: `knowledge-graph-${datasetIds[0]}`,
    content,
    content_ltks: "",
    document_id: "",
    document_keyword: KNOWLEDGE_GRAPH_DOCUMENT,
    dataset_id: datasetIds[0] ?? "",
    highlight: "",
    image_id: "",
    important_keywords: [],
    questions: [],
    positions: [],
    similarity: 1,
    term_similarity: 1,
    vector_similarity: 1,
    tag_kwd: [],
  };
};
