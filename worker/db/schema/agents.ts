import type { CanvasCategory } from "../../contract/dataflow";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Dsl, PendingFillUp } from "../../contract/agents";
import { timestamps } from "./columns";
import { tenants } from "./users";

// Agent flows ("Buddies", RAGFlow's user_canvas): the DSL is the whole flow, the editor's graph included.
export const agents = sqliteTable(
  "agents",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    title: text("title").notNull(),
    // lower-cased title: titles are unique per team regardless of case
    titleKey: text("title_key").notNull(),
    description: text("description"),
    avatar: text("avatar"),
    permission: text("permission", { enum: ["me", "team"] })
      .notNull()
      .default("me"),
    canvasType: text("canvas_type").notNull().default(""),
    canvasCategory: text("canvas_category").$type<CanvasCategory>().notNull().default("agent_canvas"),
    dsl: text("dsl", { mode: "json" }).$type<Dsl>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("agents_tenant_title_idx").on(t.tenantId, t.titleKey),
    index("agents_tenant_updated_idx").on(t.tenantId, t.updateTime),
    index("agents_tenant_category_idx").on(t.tenantId, t.canvasCategory),
  ],
);

// A conversation with an agent: its messages and the run state (where an Answer paused the flow).
export const agentSessions = sqliteTable(
  "agent_sessions",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    userId: text("user_id").notNull(),
    source: text("source").notNull().default("agent"),
    messages: text("messages", { mode: "json" })
      .$type<{ role: "user" | "assistant"; content: string; id: string; created_at: number }[]>()
      .notNull(),
    // component ids to continue from on the next question (after an Answer), and values kept between turns;
    // awaiting and kept: the UserFillUp the run paused at and the outputs so far, for the turn that answers it
    state: text("state", { mode: "json" })
      .$type<{
        resume: string[];
        history: [string, string][];
        awaiting?: PendingFillUp;
        kept?: Record<string, Record<string, unknown>>;
      }>()
      .notNull(),
    ...timestamps,
  },
  (t) => [index("agent_sessions_agent_idx").on(t.agentId, t.updateTime)],
);

// Run cancellation: the runner checks its task between components.
export const agentTasks = sqliteTable("agent_tasks", {
  id: text("id").primaryKey(),
  agentId: text("agent_id").notNull(),
  tenantId: text("tenant_id").notNull(),
  // only the one who started a run may cancel it
  userId: text("user_id").notNull(),
  status: text("status", { enum: ["running", "cancelled", "done"] }).notNull(),
  ...timestamps,
});

export type AgentRow = typeof agents.$inferSelect;
export type AgentSessionRow = typeof agentSessions.$inferSelect;
