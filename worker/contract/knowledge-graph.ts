import type { MindMapNode } from "./mindmap";

// A dataset's knowledge graph as RAGFlow's GET /datasets/{id}/knowledge_graph answers it.
export type GraphNode = { id: string; entity_name: string; entity_type: string; description: string; pagerank: number; source_id: string[] };
export type GraphEdge = { source: string; target: string; description: string; weight: number; source_id: string[] };
export type KnowledgeGraph = { nodes: GraphNode[]; edges: GraphEdge[] };
export type KnowledgeGraphResponse = { graph: KnowledgeGraph | Record<string, never>; mind_map: MindMapNode | Record<string, never> };
