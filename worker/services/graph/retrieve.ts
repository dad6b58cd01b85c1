import { inArray } from "drizzle-orm";
import type { KnowledgeGraph } from "../../contract/knowledge-graph";
import type { RetrievedChunk } from "../../contract/retrieval";
import { knowledgeGraphs } from "../../db/schema";
import { relevantSubgraph, subgraphText } from "../../rag/graph/match";
import type { ServiceContext } from "../context";

// The document name RAGFlow gives its knowledge-graph chunk.
export const KNOWLEDGE_GRAPH_DOCUMENT = "Related content in Knowledge Graph";

// `use_kg`: one chunk with the graph's entities and relations the question names (null when it names none),
// put first among the results as RAGFlow does, at full similarity.
export const knowledgeGraphChunk = async (ctx: ServiceContext, datasetIds: string[], question: string): Promise<RetrievedChunk | null> => {
  const rows = await ctx.db.select({ graph: knowledgeGraphs.graph }).from(knowledgeGraphs).where(inArray(knowledgeGraphs.datasetId, datasetIds));
  const content = subgraphText(relevantSubgraph(rows.map((row) => row.graph as KnowledgeGraph), question));
  if (!content) return null;
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
