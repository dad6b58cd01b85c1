import type { GraphEdge, GraphNode, KnowledgeGraph } from "../../contract/knowledge-graph";
import { type Extraction, entityKey } from "./extract";

const MAX_DESCRIPTIONS = 5;

const addDescription = (list: string[], description: string) => {
  if (description && !list.includes(description) && list.length < MAX_DESCRIPTIONS) list.push(description);
};

type NodeDraft = { name: string; types: Map<string, number>; descriptions: string[]; sources: Set<string> };
type EdgeDraft = { source: string; target: string; weight: number; descriptions: string[]; keywords: Set<string>; sources: Set<string> };

export type ChunkExtraction = { chunkId: string; extraction: Extraction };

// Merges the extractions of many chunks into one graph: an entity is one node (the most frequent type, up to
// five distinct descriptions), a relation between two entities is one edge in either direction (weights
// added up, keywords joined); a node's rank is its share of the graph's links (RAGFlow ranks by PageRank).
// `sameAs` maps entity names to the name they were resolved into (entity resolution).
export const mergeExtractions = (extractions: ChunkExtraction[], sameAs = new Map<string, string>()): KnowledgeGraph => {
  const keyOf = (name: string) => {
    const key = entityKey(name);
    return sameAs.get(key) ?? key;
  };
  const nodes = new Map<string, NodeDraft>();
  const edges = new Map<string, EdgeDraft>();
  for (const { chunkId, extraction } of extractions) {
    for (const entity of extraction.entities) {
      const key = keyOf(entity.name);
      const node = nodes.get(key) ?? { name: key, types: new Map(), descriptions: [], sources: new Set() };
      node.types.set(entity.type, (node.types.get(entity.type) ?? 0) + 1);
      addDescription(node.descriptions, entity.description);
      node.sources.add(chunkId);
      nodes.set(key, node);
    }
    for (const relation of extraction.relations) {
      const [source, target] = [keyOf(relation.source), keyOf(relation.target)].toSorted();
      if (!source || !target || source === target) continue;
      const edge = edges.get(`${source}\n${target}`) ?? { source, target, weight: 0, descriptions: [], keywords: new Set(), sources: new Set() };
      edge.weight += relation.weight;
      addDescription(edge.descriptions, relation.description);
      for (const keyword of relation.keywords) edge.keywords.add(keyword);
      edge.sources.add(chunkId);
      edges.set(`${source}\n${target}`, edge);
    }
  }
  const degree = new Map<string, number>();
  for (const edge of edges.values()) for (const end of [edge.source, edge.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const links = Math.max(1, 2 * edges.size);
  const graphNodes: GraphNode[] = [...nodes.values()].map((node) => ({
    id: node.name,
    entity_name: node.name,
    entity_type: [...node.types].toSorted((a, b) => b[1] - a[1])[0]?.[0] ?? "",
    description: node.descriptions.join("\n"),
    pagerank: Math.round(((degree.get(node.name) ?? 0) / links) * 10_000) / 10_000,
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
  // ties in name order, so the same extractions always give the same graph
  return {
    nodes: graphNodes.toSorted((a, b) => b.pagerank - a.pagerank || a.id.localeCompare(b.id)),
    edges: graphEdges.toSorted((a, b) => b.weight - a.weight || a.source.localeCompare(b.source) || a.target.localeCompare(b.target)),
  };
};

// D1 keeps at most 2 MB in one row: a graph that would not fit loses its lowest-ranked entities (and their
// relations), a tenth at a time, until it does.
export const GRAPH_MAX_BYTES = 1_800_000;

const bytesOf = (graph: KnowledgeGraph) => new TextEncoder().encode(JSON.stringify(graph)).length;

export const fitGraph = (graph: KnowledgeGraph, maxBytes = GRAPH_MAX_BYTES): { graph: KnowledgeGraph; dropped: number } => {
  let nodes = graph.nodes;
  let edges = graph.edges;
  while (nodes.length > 0 && bytesOf({ nodes, edges }) > maxBytes) {
    nodes = nodes.slice(0, Math.floor(nodes.length * 0.9));
    const kept = new Set(nodes.map((node) => node.id));
    edges = edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target));
  }
  return { graph: { nodes, edges }, dropped: graph.nodes.length - nodes.length };
};
