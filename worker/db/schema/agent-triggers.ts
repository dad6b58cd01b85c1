import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Dsl } from "../../contract/agents";
import { agents } from "./agents";
import { timestamps } from "./columns";

// A saved state of a flow (RAGFlow's user_canvas_version).
export const agentVersions = sqliteTable(
  "agent_versions",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    release: integer("release", { mode: "boolean" }).notNull().default(false),
    dsl: text("dsl", { mode: "json" }).$type<Dsl>().notNull(),
    ...timestamps,
  },
  (t) => [index("agent_versions_agent_idx").on(t.agentId, t.createTime)],
);

// One call of a flow's webhook.
export const agentWebhookLogs = sqliteTable(
  "agent_webhook_logs",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    request: text("request", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: integer("status").notNull(),
    response: text("response", { mode: "json" }).$type<unknown>().notNull(),
    success: integer("success", { mode: "boolean" }).notNull(),
    error: text("error"),
    elapsedMs: integer("elapsed_ms").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("agent_webhook_logs_agent_idx").on(t.agentId, t.createTime)],
);

export type AgentVersionRow = typeof agentVersions.$inferSelect;
export type AgentWebhookLogRow = typeof agentWebhookLogs.$inferSelect;

// A flow run by the Worker's cron trigger.
export const agentSchedules = sqliteTable(
  "agent_schedules",
  {
    agentId: text("agent_id")
      .primaryKey()
      .references(() => agents.id, { onDelete: "cascade" }),
    cron: text("cron").notNull(),
    question: text("question").notNull().default(""),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    lastRunTime: integer("last_run_time"),
    lastSessionId: text("last_session_id"),
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [index("agent_schedules_enabled_idx").on(t.enabled)],
);

export type AgentScheduleRow = typeof agentSchedules.$inferSelect;
