import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { INDEX_TYPES } from "../../contract/dataset-index";
import type { CommunityReport, Extraction, KnowledgeGraph } from "../../contract/knowledge-graph";
import type { MindMapNode } from "../../contract/mindmap";
import { datasets, documents } from "./datasets";

// Chunk ids are derived from (document id, content), so re-running a task never duplicates chunks.
// The FTS5 index (chunks_fts) is kept in step by triggers written by hand in the migrations.
export const chunks = sqliteTable(
  "chunks",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    docName: text("doc_name").notNull(),
    content: text("content").notNull(),
    importantKeywords: text("important_kwd", { mode: "json" }).notNull().default([]),
    questions: text("question_kwd", { mode: "json" }).notNull().default([]),
    tags: text("tag_kwd", { mode: "json" }).notNull().default([]),
    // tag → weight from the dataset's tag sets (RAGFlow's tag_feas), matched against the question's tags
    tagFeatures: text("tag_feas", { mode: "json" }).$type<Record<string, number>>().notNull().default({}),
    available: integer("available", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
    pages: text("page_num_int", { mode: "json" }).notNull().default([]),
    tokenCount: integer("token_count").notNull().default(0),
    taskId: text("task_id"),
    manual: integer("manual", { mode: "boolean" }).notNull().default(false),
    // a RAPTOR summary of other chunks (RAGFlow's raptor_kwd)
    raptor: integer("raptor", { mode: "boolean" }).notNull().default(false),
    // the image a figure chunk shows (RAGFlow's img_id; image files derive theirs from the document)
    imageId: text("image_id").notNull().default(""),
    // a child of parent-child chunking: its parent's id and text (RAGFlow's mom_id, mom_with_weight)
    momId: text("mom_id").notNull().default(""),
    momContent: text("mom_content").notNull().default(""),
    createTime: integer("create_time").notNull(),
    updateTime: integer("update_time").notNull(),
  },
  (t) => [
    // chunk list of a document in reading order
    index("chunks_document_position_idx").on(t.documentId, t.position),
    // retrieval filters by dataset
    index("chunks_dataset_idx").on(t.datasetId),
  ],
);

export const TASK_STATES = ["queued", "running", "done", "failed", "cancelled"] as const;

// What every unit of background work reports (RAGFlow's task fields); fresh builders for each table.
const progressColumns = () => ({
  state: text("state", { enum: TASK_STATES }).notNull().default("queued"),
  progress: real("progress").notNull().default(0),
  progressMsg: text("progress_msg").notNull().default(""),
  attempts: integer("attempts").notNull().default(0),
  beginAt: integer("begin_at"),
  heartbeatAt: integer("heartbeat_at"),
  duration: real("duration").notNull().default(0),
});

// One unit of parsing work: a page range of a PDF, or a whole file.
export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    datasetId: text("dataset_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    fromPage: integer("from_page").notNull().default(0),
    toPage: integer("to_page").notNull().default(0),
    ...progressColumns(),
    createTime: integer("create_time").notNull(),
  },
  (t) => [
    // a document's tasks, for progress aggregation and cancellation
    index("tasks_document_idx").on(t.documentId),
    // the watchdog's scan for silent running tasks
    index("tasks_state_heartbeat_idx").on(t.state, t.heartbeatAt),
  ],
);

// Local stand-in for Vectorize: one row per chunk vector, Float32 little-endian in base64.
export const chunkVectors = sqliteTable(
  "chunk_vectors",
  {
    id: text("id").primaryKey(),
    namespace: text("namespace").notNull(),
    model: text("model").notNull(),
    dims: integer("dims").notNull(),
    vector: text("vector").notNull(),
    metadata: text("metadata", { mode: "json" }).notNull().default({}),
    // lets the in-memory vector cache tell that a namespace changed
    updatedAt: integer("updated_at").notNull().default(0),
  },
  // brute-force scoring loads one namespace (dataset) and model at a time; the cache's freshness check
  // (count, newest update, dims) reads this index alone, never the vectors
  (t) => [index("chunk_vectors_namespace_model_idx").on(t.namespace, t.model, t.updatedAt, t.dims)],
);

// Work over a whole dataset (RAPTOR, knowledge graph), reported like RAGFlow's task row; `sample_doc_id` is its first document.
export const datasetTasks = sqliteTable(
  "dataset_tasks",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    taskType: text("task_type", { enum: INDEX_TYPES }).notNull(),
    sampleDocId: text("sample_doc_id").notNull(),
    ...progressColumns(),
    chunkIds: text("chunk_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    createTime: integer("create_time").notNull(),
    updateTime: integer("update_time").notNull(),
  },
  (t) => [
    index("dataset_tasks_dataset_idx").on(t.datasetId),
    index("dataset_tasks_state_heartbeat_idx").on(t.state, t.heartbeatAt),
  ],
);

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

export type ChunkRow = typeof chunks.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type DatasetTaskRow = typeof datasetTasks.$inferSelect;
