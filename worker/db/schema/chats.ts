import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  type ChatMessage,
  type DesignInput,
  type StoredLlmSetting,
  type MetaDataFilter,
  NO_META_DATA_FILTER,
  type PromptConfig,
  type Reference,
} from "../../contract/chats";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

// Chat assistants ("dialogs" in RAGFlow).
export const dialogs = sqliteTable(
  "dialogs",
  {
    ...memberMadeRow(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    icon: text("icon"),
    description: text("description"),
    language: text("language", { enum: ["German", "English"] })
      .notNull()
      .default("German"),
    datasetIds: text("dataset_ids", { mode: "json" }).$type<string[]>().notNull(),
    llmId: text("llm_id").notNull(),
    llmSetting: text("llm_setting", { mode: "json" }).$type<StoredLlmSetting>().notNull(),
    promptConfig: text("prompt_config", { mode: "json" }).$type<PromptConfig>().notNull(),
    design: text("design", { mode: "json" }).$type<DesignInput>().notNull(),
    similarityThreshold: real("similarity_threshold").notNull().default(0.2),
    vectorSimilarityWeight: real("vector_similarity_weight").notNull().default(0.3),
    topN: integer("top_n").notNull().default(6),
    topK: integer("top_k").notNull().default(1024),
    rerankId: text("rerank_id").notNull().default(""),
    metaDataFilter: text("meta_data_filter", { mode: "json" })
      .$type<MetaDataFilter>()
      .notNull()
      .default(NO_META_DATA_FILTER),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("dialogs_tenant_name_idx").on(t.tenantId, t.nameKey),
    index("dialogs_tenant_created_idx").on(t.tenantId, t.createTime),
  ],
);

// Conversations ("sessions" in the API): the messages and the references of the answers.
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    dialogId: text("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    // who talks: a user id for the web app, any caller-chosen id for API and shared sessions
    userId: text("user_id").notNull().default(""),
    source: text("source", { enum: ["web", "api", "shared"] })
      .notNull()
      .default("web"),
    name: text("name").notNull(),
    messages: text("messages", { mode: "json" }).$type<ChatMessage[]>().notNull(),
    reference: text("reference", { mode: "json" }).$type<Reference[]>().notNull(),
    ...timestamps,
  },
  (t) => [index("conversations_dialog_idx").on(t.dialogId, t.userId, t.createTime)],
);

// One answered question per row, from every channel: the source of chat stats, feedback and evaluation.
export const chatTurns = sqliteTable(
  "chat_turns",
  {
    id: text("id").primaryKey(),
    dialogId: text("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    conversationId: text("conversation_id"),
    messageId: text("message_id").notNull(),
    userId: text("user_id").notNull().default(""),
    source: text("source", { enum: ["web", "api", "shared"] }).notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    llmId: text("llm_id").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    firstTokenMs: integer("first_token_ms").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    // how many chunks retrieval found above the threshold (0 = a question we could not answer)
    retrieved: integer("retrieved").notNull().default(0),
    thumbup: integer("thumbup", { mode: "boolean" }),
    feedbackReason: text("feedback_reason"),
    feedback: text("feedback"),
    // an unanswered question someone answered by adding a chunk (the evaluation page's one-click path)
    resolvedChunkId: text("resolved_chunk_id"),
    createTime: integer("create_time").notNull(),
  },
  (t) => [
    index("chat_turns_dialog_time_idx").on(t.dialogId, t.createTime),
    index("chat_turns_tenant_time_idx").on(t.tenantId, t.createTime),
    index("chat_turns_message_idx").on(t.conversationId, t.messageId),
  ],
);

export type DialogRow = typeof dialogs.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
