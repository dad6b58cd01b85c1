import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { tenants } from "./users";

export const FILE_SOURCES = ["", "knowledgebase", "web", "s3"] as const;

// The file manager's tree. Each tenant has one root folder (its parent is itself, as in RAGFlow) holding
// the read-only ".knowledgebase" folder; a file's blob is linked into datasets without a copy.
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    parentId: text("parent_id").notNull(),
    createdBy: text("created_by").notNull(),
    name: text("name").notNull(),
    // lower-cased name: no two entries of a folder share a name regardless of case
    nameKey: text("name_key").notNull(),
    type: text("type").notNull(),
    size: integer("size").notNull().default(0),
    location: text("location").notNull().default(""),
    sourceType: text("source_type", { enum: FILE_SOURCES }).notNull().default(""),
    sourceUrl: text("source_url"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("files_parent_name_idx").on(t.parentId, t.nameKey),
    index("files_tenant_parent_idx").on(t.tenantId, t.parentId),
  ],
);

export type FileRow = typeof files.$inferSelect;
