import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { INDEX_TYPES } from "../../contract/dataset-index";
import { datasets, documents } from "./datasets";

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
    // attempts that died inside the parser (migrations/0028)
    parseStalls: integer("parse_stalls").notNull().default(0),
    createTime: integer("create_time").notNull(),
  },
  (t) => [
    // a document's tasks, for progress aggregation and cancellation
    index("tasks_document_idx").on(t.documentId),
    // the watchdog's scan for silent running tasks
    index("tasks_state_heartbeat_idx").on(t.state, t.heartbeatAt),
  ],
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

export type TaskRow = typeof tasks.$inferSelect;
export type DatasetTaskRow = typeof datasetTasks.$inferSelect;
