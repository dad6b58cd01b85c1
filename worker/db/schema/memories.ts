import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

// Memories (RAGFlow's Memory API): conversation turns that agents store and search later.
export const memories = sqliteTable(
  "memories",
  {
    ...memberMadeRow(),
    name: text("name").notNull(),
    // lower-cased name: "Name(1)" numbering ignores case, as for knowledge bases
    nameKey: text("name_key").notNull(),
    avatar: text("avatar"),
    // RAGFlow's bit set: 1 raw, 2 semantic, 4 episodic, 8 procedural
    memoryType: integer("memory_type").notNull().default(1),
    storageType: text("storage_type").notNull().default("table"),
    embdId: text("embd_id").notNull().default(""),
    llmId: text("llm_id").notNull().default(""),
    // "me": only its maker sees it; "team": every member of its team
    permissions: text("permissions").notNull().default("me"),
    description: text("description"),
    memorySize: integer("memory_size").notNull().default(5242880),
    forgettingPolicy: text("forgetting_policy").notNull().default("FIFO"),
    temperature: real("temperature").notNull().default(0.5),
    systemPrompt: text("system_prompt"),
    userPrompt: text("user_prompt"),
    ...timestamps,
  },
  (t) => [
    index("memories_tenant_updated_idx").on(t.tenantId, t.updateTime),
    index("memories_tenant_name_idx").on(t.tenantId, t.nameKey),
  ],
);

export const memoryMessages = sqliteTable(
  "memory_messages",
  {
    messageId: integer("message_id").primaryKey({ autoIncrement: true }),
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    messageType: text("message_type").notNull().default("raw"),
    sourceId: integer("source_id").notNull().default(0),
    userId: text("user_id").notNull().default(""),
    agentId: text("agent_id").notNull().default(""),
    sessionId: text("session_id").notNull().default(""),
    content: text("content").notNull(),
    // UTF-8 size of content: what counts against the memory's memory_size
    contentBytes: integer("content_bytes").notNull(),
    // "YYYY-MM-DD HH:MM:SS" (UTC), as RAGFlow shows them
    validAt: text("valid_at").notNull(),
    invalidAt: text("invalid_at"),
    forgetAt: text("forget_at"),
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("memory_messages_memory_idx").on(t.memoryId, t.messageId),
    index("memory_messages_agent_idx").on(t.memoryId, t.agentId),
  ],
);

export type MemoryRow = typeof memories.$inferSelect;
export type MemoryMessageRow = typeof memoryMessages.$inferSelect;
