import { inArray } from "drizzle-orm";
import type { CommunityReport, KnowledgeGraph } from "../../contract/knowledge-graph";
import type { RetrievedChunk } from "../../contract/retrieval";
import { graphCommunities, knowledgeGraphs } from "../../db/schema";
import type { EmbeddingModel } from "../../platform/providers/types";
import { communityReportText } from "../../rag/graph/communities";
import { namedEntities } from "../../rag/graph/match";
import { aboveFloor } from "../../rag/vector-math";
import {
  graphContextText,
  KG_CANDIDATES,
  KG_SIMILARITY_THRESHOLD,
  pairKey,
  parseQueryAnalysis,
  queryAnalysisPrompt,
  rankGraphContext,
  typePool,
} from "../../rag/graph/search";
import type { ServiceContext } from "../context";
import { teamChatModel } from "../models/team-chat-model";
import { recordUsage } from "../models/usage";
import { similarGraphItems } from "./vectors";
import { rowsInChunks } from "../../lib/batches";

// The document name RAGFlow gives its knowledge-graph chunk.
export const KNOWLEDGE_GRAPH_DOCUMENT = "Related content in Knowledge Graph";

// RAGFlow adds one community report: the heaviest of those on the entities found.
const communityReportOn = async (ctx: ServiceContext, datasetIds: string[], entities: Set<string>) => {
  const rows = await rowsInChunks(datasetIds, (part) =>
    ctx.db
      .select({ report: graphCommunities.report })
      .from(graphCommunities)
      .where(inArray(graphCommunities.datasetId, part)),
  );
  return rows
    .map((row) => row.report as CommunityReport)
    .filter((report) => report.entities.some((id) => entities.has(id)))
    .toSorted((a, b) => b.weight - a.weight || b.level - a.level)[0];
};

// The answer types and entities the team's chat model reads in the question; without a model, or when it
// answers nothing usable, the question itself is the one entity (as in RAGFlow).
const analyseQuestion = async (ctx: ServiceContext, question: string, pool: Record<string, string[]>) => {
  const fallback = { types: [] as string[], entities: [question] };
  const model = await teamChatModel(ctx, ctx.actor.tenantId);
  if (!model) return fallback;
  try {
    const { text, usage } = await model.complete([{ role: "user", content: queryAnalysisPrompt(question, pool) }], {
      temperature: 0.5,
    });
    await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
    const analysis = parseQueryAnalysis(text, pool);
    return analysis && analysis.entities.length ? analysis : { ...fallback, types: analysis?.types ?? [] };
  } catch {
    return fallback;
  }
};

// the threshold on similarities rescaled from the model's floor, as chunk retrieval's (a bge model rates unrelated
// names above 0.3 by raw cosine)
const above = <T extends { score: number }>(model: EmbeddingModel, hits: T[]) =>
  hits
    .map((hit) => ({ ...hit, score: aboveFloor(model.similarityFloor, hit.score) }))
    .filter((hit) => hit.score >= KG_SIMILARITY_THRESHOLD);

// The graph's vectors are a help, not a condition: a provider error leaves the entities the question names.
const similarOrNone = (...args: Parameters<typeof similarGraphItems>) => similarGraphItems(...args).catch(() => []);

// `use_kg`: one chunk with the graph's entities and relations for the question (null when none is found) and the
// community report on them, put first among the results as RAGFlow does, at full similarity.
export const knowledgeGraphChunk = async (
  ctx: ServiceContext,
  datasetIds: string[],
  question: string,
  model: EmbeddingModel,
  questionVector: Float32Array | null,
): Promise<RetrievedChunk | null> => {
  const rows = await rowsInChunks(datasetIds, (part) =>
    ctx.db
      .select({ graph: knowledgeGraphs.graph })
      .from(knowledgeGraphs)
      .where(inArray(knowledgeGraphs.datasetId, part)),
  );
  const graphs = rows.map((row) => row.graph as KnowledgeGraph).filter((graph) => graph.nodes.length > 0);
  if (graphs.length === 0) return null;
  const pool = typePool(graphs);
  const analysis = await analyseQuestion(ctx, question, pool);
  const [entityHits, relationHits] = await Promise.all([
    similarOrNone(ctx, datasetIds, model, analysis.entities.join(", "), "entity", KG_CANDIDATES),
    similarOrNone(ctx, datasetIds, model, questionVector ?? question, "relation", KG_CANDIDATES),
  ]);
  const entitySimilarity = namedEntities(graphs, question);
  for (const hit of above(model, entityHits)) {
    const name = String(hit.metadata.name);
    entitySimilarity.set(name, Math.max(hit.score, entitySimilarity.get(name) ?? 0));
  }
  const types = new Set(analysis.types);
  const typed = new Set(
    graphs.flatMap((graph) => graph.nodes.filter((node) => types.has(node.entity_type)).map((node) => node.id)),
  );
  const relationSimilarity = new Map(
    above(model, relationHits).map((hit) => [
      pairKey(String(hit.metadata.source), String(hit.metadata.target)),
      hit.score,
    ]),
  );
  const ranked = rankGraphContext(graphs, { entitySimilarity, typed, relationSimilarity });
  if (ranked.entities.length === 0 && ranked.relations.length === 0) return null;
  const report = await communityReportOn(ctx, datasetIds, new Set(ranked.entities.map(({ node }) => node.id)));
  return {
    id: `knowledge-graph-${datasetIds[0]}`,
    content: graphContextText(ranked, report ? communityReportText(report) : null),
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
