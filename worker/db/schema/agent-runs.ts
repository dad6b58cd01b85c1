import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { TraceEntry } from "../../contract/agents";
import { agents } from "./agents";
import { timestamps } from "./columns";

// What a run started from, enough to start it again
export type AgentRunStart = {
  question: string;
  inputs: Record<string, unknown>;
  history: [string, string][];
  turns: number;
};

// One run of a flow (RAGFlow's per-message logs): its id is the run's message id. `kept`: on failure, the outputs
// of the components that ran before the failed one, for a rerun from the failed step.
export const agentRunLogs = sqliteTable(
  "agent_run_logs",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    userId: text("user_id").notNull(),
    sessionId: text("session_id").notNull(),
    taskId: text("task_id").notNull(),
    run: text("run", { mode: "json" }).$type<AgentRunStart>().notNull(),
    trace: text("trace", { mode: "json" }).$type<TraceEntry[]>().notNull(),
    error: text("error"),
    failedComponent: text("failed_component"),
    kept: text("kept", { mode: "json" }).$type<Record<string, Record<string, unknown>>>(),
    ...timestamps,
  },
  (t) => [index("agent_run_logs_agent_idx").on(t.agentId, t.createTime)],
);

export type AgentRunLogRow = typeof agentRunLogs.$inferSelect;
