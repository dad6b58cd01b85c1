import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type {
  EvaluationMetrics,
  EvaluationResultChunk,
  QuestionSource,
  RetrievalSettings,
  RunStatus,
  RunTrigger,
} from "../../contract/evaluation-sets";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

// Quality test sets (issue 37, migrations/0029_evaluation_sets.sql).
export const evaluationSets = sqliteTable(
  "evaluation_sets",
  {
    ...memberMadeRow(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    datasetIds: text("dataset_ids", { mode: "json" }).$type<string[]>().notNull(),
    scheduleAfterReparse: integer("schedule_after_reparse", { mode: "boolean" }).notNull().default(false),
    alertMargin: real("alert_margin").notNull().default(0.05),
    ...timestamps,
  },
  (t) => [index("evaluation_sets_tenant_updated_idx").on(t.tenantId, t.updateTime)],
);

export const evaluationQuestions = sqliteTable(
  "evaluation_questions",
  {
    id: text("id").primaryKey(),
    setId: text("set_id")
      .notNull()
      .references(() => evaluationSets.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    expectedDocIds: text("expected_doc_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    expectedChunkIds: text("expected_chunk_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    expectedText: text("expected_text"),
    relevance: text("relevance", { mode: "json" }).$type<Record<string, number>>(),
    referenceAnswer: text("reference_answer"),
    source: text("source").$type<QuestionSource>().notNull().default("manual"),
    ...timestamps,
  },
  (t) => [index("evaluation_questions_set_idx").on(t.setId, t.createTime)],
);

export const evaluationRuns = sqliteTable(
  "evaluation_runs",
  {
    id: text("id").primaryKey(),
    setId: text("set_id")
      .notNull()
      .references(() => evaluationSets.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id").notNull(),
    // who started it (a re-parse run: the set's creator); the job retrieves as this member
    createdBy: text("created_by").notNull(),
    label: text("label").notNull().default(""),
    status: text("status").$type<RunStatus>().notNull().default("queued"),
    trigger: text("trigger").$type<RunTrigger>().notNull().default("manual"),
    settings: text("settings", { mode: "json" }).$type<RetrievalSettings>().notNull(),
    // the set's questions when the run started, in order: later edits do not change a run
    questionIds: text("question_ids", { mode: "json" }).$type<string[]>().notNull(),
    progress: real("progress").notNull().default(0),
    metrics: text("metrics", { mode: "json" }).$type<EvaluationMetrics>(),
    error: text("error"),
    ...timestamps,
    finishTime: integer("finish_time"),
  },
  (t) => [index("evaluation_runs_set_created_idx").on(t.setId, t.createTime)],
);

// One row per question of a run: written once, so a retried job message skips what is done.
export const evaluationResults = sqliteTable(
  "evaluation_results",
  {
    runId: text("run_id")
      .notNull()
      .references(() => evaluationRuns.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    hitRank: integer("hit_rank"),
    ndcgAt10: real("ndcg_at_10").notNull(),
    recallAt10: real("recall_at_10").notNull(),
    chunks: text("chunks", { mode: "json" }).$type<EvaluationResultChunk[]>().notNull(),
    answer: text("answer"),
    answerFactsFound: integer("answer_facts_found"),
    answerFactsTotal: integer("answer_facts_total"),
    citations: integer("citations"),
    correctCitations: integer("correct_citations"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.questionId] })],
);

export type EvaluationSetRow = typeof evaluationSets.$inferSelect;
export type EvaluationQuestionRow = typeof evaluationQuestions.$inferSelect;
export type EvaluationRunRow = typeof evaluationRuns.$inferSelect;
export type EvaluationResultRow = typeof evaluationResults.$inferSelect;
