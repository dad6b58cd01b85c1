import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ChunkMethod, StoredParserConfig } from "../../contract/parser-config";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

export const datasets = sqliteTable(
  "datasets",
  {
    ...memberMadeRow(),
    name: text("name").notNull(),
    // lower-cased name: names are unique per tenant regardless of case
    nameKey: text("name_key").notNull(),
    avatar: text("avatar"),
    description: text("description"),
    language: text("language").notNull().default("German"),
    embdId: text("embd_id").notNull(),
    permission: text("permission", { enum: ["me", "team"] })
      .notNull()
      .default("me"),
    parserId: text("parser_id").$type<ChunkMethod>().notNull().default("naive"),
    // a configuration saved before a key existed lacks it (ingestion merges the method's defaults under it)
    parserConfig: text("parser_config", { mode: "json" }).$type<StoredParserConfig>().notNull(),
    // the ingestion pipeline (a dataflow canvas) its documents are parsed with instead of parserId
    pipelineId: text("pipeline_id"),
    pagerank: integer("pagerank").notNull().default(0),
    similarityThreshold: real("similarity_threshold").notNull().default(0.2),
    vectorSimilarityWeight: real("vector_similarity_weight").notNull().default(0.3),
    docNum: integer("doc_num").notNull().default(0),
    chunkNum: integer("chunk_num").notNull().default(0),
    tokenNum: integer("token_num").notNull().default(0),
    raptorTaskId: text("raptor_task_id"),
    raptorTaskFinishAt: integer("raptor_task_finish_at"),
    graphragTaskId: text("graphrag_task_id"),
    graphragTaskFinishAt: integer("graphrag_task_finish_at"),
    mindmapTaskId: text("mindmap_task_id"),
    mindmapTaskFinishAt: integer("mindmap_task_finish_at"),
    ...timestamps,
  },
  (t) => [
    // duplicate-name check and "(1)" suffixing
    uniqueIndex("datasets_tenant_name_idx").on(t.tenantId, t.nameKey),
    // dataset list of a tenant, newest first
    index("datasets_tenant_created_idx").on(t.tenantId, t.createTime),
    index("datasets_pipeline_idx").on(t.pipelineId),
  ],
);

// RAGFlow's TaskStatus codes, as a document's run state (and an ingestion log's operation status) stores them.
export const RUN = { unstart: "0", running: "1", cancel: "2", done: "3", fail: "4" } as const;
export const RUN_CODES = [RUN.unstart, RUN.running, RUN.cancel, RUN.done, RUN.fail] as const;
export type RunCode = (typeof RUN_CODES)[number];

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    createdBy: text("created_by").notNull(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    location: text("location").notNull(),
    size: integer("size").notNull().default(0),
    type: text("type").notNull(),
    suffix: text("suffix").notNull(),
    sourceType: text("source_type", { enum: ["local", "web", "virtual"] })
      .notNull()
      .default("local"),
    sourceUrl: text("source_url"),
    // set when the document links a file of the file manager: the blob is the file's, not the document's
    fileId: text("file_id"),
    parserId: text("parser_id").$type<ChunkMethod>().notNull(),
    parserConfig: text("parser_config", { mode: "json" }).$type<StoredParserConfig>().notNull(),
    run: text("run", { enum: RUN_CODES }).notNull().default(RUN.unstart),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    progress: real("progress").notNull().default(0),
    progressMsg: text("progress_msg").notNull().default(""),
    processBeginAt: integer("process_begin_at"),
    processDuration: real("process_duration").notNull().default(0),
    chunkNum: integer("chunk_num").notNull().default(0),
    tokenNum: integer("token_num").notNull().default(0),
    metaFields: text("meta_fields", { mode: "json" }).notNull().default({}),
    ...timestamps,
  },
  (t) => [
    // no two documents of a dataset share a name
    uniqueIndex("documents_dataset_name_idx").on(t.datasetId, t.nameKey),
    // document list of a dataset
    index("documents_dataset_created_idx").on(t.datasetId, t.createTime),
    index("documents_file_idx").on(t.fileId),
  ],
);

export type DatasetRow = typeof datasets.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
