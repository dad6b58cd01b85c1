import type { MindMapNode } from "./mindmap";

// What the chat model found in one chunk (kept per chunk, so a build reads only new or changed chunks).
export type Entity = { name: string; type: string; description: string };
export type Relation = { source: string; target: string; description: string; weight: number; keywords: string[] };
export type Extraction = { entities: Entity[]; relations: Relation[] };

// A dataset's knowledge graph as RAGFlow's GET /datasets/{id}/knowledge_graph answers it.
// `communities`: the titles of the community reports the entity is in; `keywords` (light method): what a relation is about.
export type GraphNode = {
  id: string;
  entity_name: string;
  entity_type: string;
  description: string;
  pagerank: number;
  source_id: string[];
  communities?: string[];
};
export type GraphEdge = {
  source: string;
  target: string;
  description: string;
  weight: number;
  keywords?: string[];
  source_id: string[];
};
export type KnowledgeGraph = { nodes: GraphNode[]; edges: GraphEdge[] };
export type KnowledgeGraphResponse = {
  graph: KnowledgeGraph | Record<string, never>;
  mind_map: MindMapNode | Record<string, never>;
  // Buddy adds the community reports (RAGFlow keeps them as hidden chunks)
  community_reports: CommunityReport[];
};

// RAGFlow's community report (community: true): what a cluster of related entities is about, written by the
// chat model; `weight` is the community's share of links relative to the heaviest of its level (0–1).
export type CommunityFinding = { summary: string; explanation: string };
export type CommunityReport = {
  title: string;
  summary: string;
  rating: number;
  rating_explanation: string;
  findings: CommunityFinding[];
  entities: string[];
  level: number;
  weight: number;
};
