import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { datasets, documents } from "./datasets";

// Chunk ids are derived from (document id, content), so re-running a task never duplicates chunks (the recipes
// live in services/chunk-store/store.ts). Drizzle does not model the keyword indexes over this table: the FTS5 tables
// chunks_fts and chunks_trigram, their triggers and chunks_trigram_vocab are written by hand in
// migrations/0003_chunks_fulltext_index.sql, 0005_chunks_trigram_index.sql, 0010_trigram_word_boundaries.sql
// and 0012_trigram_vocabulary.sql; a new column the keyword index reads needs its triggers rewritten there.
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
    importantKeywords: text("important_kwd", { mode: "json" }).$type<string[]>().notNull().default([]),
    questions: text("question_kwd", { mode: "json" }).$type<string[]>().notNull().default([]),
    tags: text("tag_kwd", { mode: "json" }).$type<string[]>().notNull().default([]),
    // tag → weight from the dataset's tag sets (RAGFlow's tag_feas), matched against the question's tags
    tagFeatures: text("tag_feas", { mode: "json" }).$type<Record<string, number>>().notNull().default({}),
    available: integer("available", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
    pages: text("page_num_int", { mode: "json" }).$type<number[]>().notNull().default([]),
    // where the text is on its PDF pages (RAGFlow's position_int): [page, left, right, top, bottom] in points
    positions: text("position_int", { mode: "json" }).$type<number[][]>().notNull().default([]),
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
    // an ingestion pipeline's Extractor summary (field_name summary): searched with the content
    summary: text("summary").notNull().default(""),
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

export type ChunkRow = typeof chunks.$inferSelect;
