import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { CommunityReport, Extraction, KnowledgeGraph } from "../../contract/knowledge-graph";
import type { MindMapNode } from "../../contract/mindmap";
import { datasets, documents } from "./datasets";

// What a dataset task builds over a dataset's chunks: the knowledge graph (with its community reports and the
// per-chunk extractions it reuses) and the mind map.

// A dataset's knowledge graph (nodes and edges as JSON), written whole by the task that built it.
export const knowledgeGraphs = sqliteTable("knowledge_graphs", {
  datasetId: text("dataset_id")
    .primaryKey()
    .references(() => datasets.id, { onDelete: "cascade" }),
  taskId: text("task_id").notNull(),
  graph: text("graph", { mode: "json" }).$type<KnowledgeGraph>().notNull(),
  updateTime: integer("update_time").notNull(),
});

// The community reports of a dataset's knowledge graph, replaced with the graph (one row each: D1 keeps at most
// 2 MB in one row, and the graph may take most of its row).
export const graphCommunities = sqliteTable(
  "graph_communities",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    taskId: text("task_id").notNull(),
    report: text("report", { mode: "json" }).$type<CommunityReport>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.position] })],
);

// What the chat model extracted from one chunk for the knowledge graph, with the settings it was asked with
// (method and entity types): a build reuses it while the chunk and the settings stay the same.
export const graphExtractions = sqliteTable(
  "graph_extractions",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    chunkId: text("chunk_id").notNull(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    settings: text("settings").notNull(),
    extraction: text("extraction", { mode: "json" }).$type<Extraction>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.chunkId] }), index("graph_extractions_document_idx").on(t.documentId)],
);

// A dataset's mind map ({id, children} outline as JSON), written whole by the task that built it.
export const datasetMindMaps = sqliteTable("dataset_mind_maps", {
  datasetId: text("dataset_id")
    .primaryKey()
    .references(() => datasets.id, { onDelete: "cascade" }),
  taskId: text("task_id").notNull(),
  mindMap: text("mind_map", { mode: "json" }).$type<MindMapNode>().notNull(),
  updateTime: integer("update_time").notNull(),
});
