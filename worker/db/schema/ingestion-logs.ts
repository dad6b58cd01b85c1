import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { datasets } from "./datasets";

export const INGESTION_TASK_TYPES = ["Parse", "Download", "RAPTOR", "GraphRAG", "Mindmap"] as const;
export type IngestionTaskType = (typeof INGESTION_TASK_TYPES)[number];

// One finished piece of ingestion work (RAGFlow's pipeline operation log): a document's parse or download
// (file log) or a dataset task (dataset log, no document). Kept after the document itself is deleted.
export const ingestionLogs = sqliteTable(
  "ingestion_logs",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    documentId: text("document_id"),
    documentName: text("document_name").notNull(),
    documentSuffix: text("document_suffix").notNull().default(""),
    documentType: text("document_type").notNull().default(""),
    sourceFrom: text("source_from").notNull().default(""),
    parserId: text("parser_id").notNull().default(""),
    // the ingestion pipeline that parsed the document (its title as it was then)
    pipelineId: text("pipeline_id"),
    pipelineTitle: text("pipeline_title").notNull().default(""),
    taskType: text("task_type", { enum: INGESTION_TASK_TYPES }).notNull(),
    // RAGFlow's TaskStatus: "2" cancelled, "3" done, "4" failed
    operationStatus: text("operation_status").notNull(),
    progress: real("progress").notNull(),
    progressMsg: text("progress_msg").notNull(),
    processBeginAt: integer("process_begin_at"),
    processDuration: real("process_duration").notNull().default(0),
    createTime: integer("create_time").notNull(),
    updateTime: integer("update_time").notNull(),
  },
  // a dataset's logs, newest first
  (t) => [index("ingestion_logs_dataset_created_idx").on(t.datasetId, t.createTime)],
);

export type IngestionLogRow = typeof ingestionLogs.$inferSelect;
