import type { Extraction, GraphEdge, GraphNode, KnowledgeGraph } from "../../contract/knowledge-graph";
import { entityKey } from "./extract";

const MAX_DESCRIPTIONS = 5;

const addDescription = (list: string[], description: string) => {
  if (description && !list.includes(description) && list.length < MAX_DESCRIPTIONS) list.push(description);
};

type NodeDraft = { name: string; types: Map<string, number>; descriptions: string[]; sources: Set<string> };
type EdgeDraft = {
  source: string;
  target: string;
  weight: number;
  descriptions: string[];
  keywords: Set<string>;
  sources: Set<string>;
};

export type ChunkExtraction = { chunkId: string; documentId: string; extraction: Extraction };

// A node's rank is its share of the graph's links (RAGFlow ranks by PageRank); ties in name order, so the same
// extractions always give the same graph.
export const rankedGraph = (nodes: GraphNode[], edges: GraphEdge[]): KnowledgeGraph => {
  const degree = new Map<string, number>();
  for (const edge of edges) for (const end of [edge.source, edge.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const links = Math.max(1, 2 * edges.length);
  return {
    nodes: nodes
      .map((node) => ({ ...node, pagerank: Math.round(((degree.get(node.id) ?? 0) / links) * 10_000) / 10_000 }))
      .toSorted((a, b) => b.pagerank - a.pagerank || a.id.localeCompare(b.id)),
    edges: edges.toSorted(
      (a, b) => b.weight - a.weight || a.source.localeCompare(b.source) || a.target.localeCompare(b.target),
    ),
  };
};

// Merges the extractions of many chunks into one graph: an entity is one node (the most frequent type, up to
// five distinct descriptions), a relation between two entities is one edge in either direction (weights
// added up, keywords joined); `source_id` lists the documents they come from, as in RAGFlow. `sameAs` maps
// entity names to the name they were resolved into (entity resolution).
export const mergeExtractions = (
  extractions: ChunkExtraction[],
  sameAs = new Map<string, string>(),
): KnowledgeGraph => {
  const keyOf = (name: string) => {
    const key = entityKey(name);
    return sameAs.get(key) ?? key;
  };
  const nodes = new Map<string, NodeDraft>();
  const edges = new Map<string, EdgeDraft>();
  for (const { documentId, extraction } of extractions) {
    for (const entity of extraction.entities) {
      const key = keyOf(entity.name);
      const node = nodes.get(key) ?? { name: key, types: new Map(), descriptions: [], sources: new Set() };
      node.types.set(entity.type, (node.types.get(entity.type) ?? 0) + 1);
      addDescription(node.descriptions, entity.description);
      node.sources.add(documentId);
      nodes.set(key, node);
    }
    for (const relation of extraction.relations) {
      const [source, target] = [keyOf(relation.source), keyOf(relation.target)].toSorted();
      if (!source || !target || source === target) continue;
      const edge = edges.get(`${source}\n${target}`) ?? {
        source,
        target,
        weight: 0,
        descriptions: [],
        keywords: new Set(),
        sources: new Set(),
      };
      edge.weight += relation.weight;
      addDescription(edge.descriptions, relation.description);
      for (const keyword of relation.keywords) edge.keywords.add(keyword);
      edge.sources.add(documentId);
      edges.set(`${source}\n${target}`, edge);
    }
  }
  const graphNodes: GraphNode[] = [...nodes.values()].map((node) => ({
    id: node.name,
    entity_name: node.name,
    entity_type: [...node.types].toSorted((a, b) => b[1] - a[1])[0]?.[0] ?? "",
    description: node.descriptions.join("\n"),
    pagerank: 0,
    source_id: [...node.sources],
  }));
  const graphEdges: GraphEdge[] = [...edges.values()].map((edge) => ({
    source: edge.source,
    target: edge.target,
    description: edge.descriptions.join("\n"),
    weight: edge.weight,
    ...(edge.keywords.size ? { keywords: [...edge.keywords] } : {}),
    source_id: [...edge.sources],
  }));
  return rankedGraph(graphNodes, graphEdges);
};

// The graph without what deleted documents contributed (RAGFlow removes a deleted document from the graph):
// their ids leave `source_id`; entities and relations left with no document go, and so do relations to a
// removed entity. Null when the documents contributed nothing.
export const withoutDocuments = (graph: KnowledgeGraph, documentIds: Set<string>): KnowledgeGraph | null => {
  const touched = (item: { source_id: string[] }) => item.source_id.some((id) => documentIds.has(id));
  if (!graph.nodes.some(touched) && !graph.edges.some(touched)) return null;
  const rest = <T extends { source_id: string[] }>(item: T): T => ({
    ...item,
    source_id: item.source_id.filter((id) => !documentIds.has(id)),
  });
  const nodes = graph.nodes.map(rest).filter((node) => node.source_id.length > 0);
  const kept = new Set(nodes.map((node) => node.id));
  const edges = graph.edges
    .map(rest)
    .filter((edge) => edge.source_id.length > 0 && kept.has(edge.source) && kept.has(edge.target));
  return rankedGraph(nodes, edges);
};

// D1 keeps at most 2 MB in one row: a graph that would not fit loses its lowest-ranked entities (and their
// relations), a tenth at a time, until it does.
export const GRAPH_MAX_BYTES = 1_800_000;

const bytesOf = (graph: KnowledgeGraph) => new TextEncoder().encode(JSON.stringify(graph)).length;

export const fitGraph = (
  graph: KnowledgeGraph,
  maxBytes = GRAPH_MAX_BYTES,
): { graph: KnowledgeGraph; dropped: number } => {
  let nodes = graph.nodes;
  let edges = graph.edges;
  while (nodes.length > 0 && bytesOf({ nodes, edges }) > maxBytes) {
    nodes = nodes.slice(0, Math.floor(nodes.length * 0.9));
    const kept = new Set(nodes.map((node) => node.id));
    edges = edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target));
  }
  return { graph: { nodes, edges }, dropped: graph.nodes.length - nodes.length };
};
