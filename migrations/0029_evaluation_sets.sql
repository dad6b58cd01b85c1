-- Quality test sets (issue 37): a team's questions over chosen knowledge bases with what counts as a correct
-- hit, runs of them through retrieval with given settings, and each run's per-question results.
CREATE TABLE `evaluation_sets` (
  `id` text PRIMARY KEY NOT NULL,
  `tenant_id` text NOT NULL REFERENCES `tenants`(`id`) ON DELETE cascade,
  `created_by` text NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `name` text NOT NULL,
  `description` text DEFAULT '' NOT NULL,
  `dataset_ids` text NOT NULL,
  `schedule_after_reparse` integer DEFAULT false NOT NULL,
  `alert_margin` real DEFAULT 0.05 NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `evaluation_sets_tenant_updated_idx` ON `evaluation_sets` (`tenant_id`, `update_time`);
CREATE TABLE `evaluation_questions` (
  `id` text PRIMARY KEY NOT NULL,
  `set_id` text NOT NULL REFERENCES `evaluation_sets`(`id`) ON DELETE cascade,
  `question` text NOT NULL,
  `expected_doc_ids` text DEFAULT '[]' NOT NULL,
  `expected_chunk_ids` text DEFAULT '[]' NOT NULL,
  `expected_text` text,
  `relevance` text,
  `reference_answer` text,
  `source` text DEFAULT 'manual' NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `evaluation_questions_set_idx` ON `evaluation_questions` (`set_id`, `create_time`);
CREATE TABLE `evaluation_runs` (
  `id` text PRIMARY KEY NOT NULL,
  `set_id` text NOT NULL REFERENCES `evaluation_sets`(`id`) ON DELETE cascade,
  `tenant_id` text NOT NULL,
  `created_by` text NOT NULL,
  `label` text DEFAULT '' NOT NULL,
  `status` text DEFAULT 'queued' NOT NULL,
  `trigger` text DEFAULT 'manual' NOT NULL,
  `settings` text NOT NULL,
  `question_ids` text NOT NULL,
  `progress` real DEFAULT 0 NOT NULL,
  `metrics` text,
  `error` text,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL,
  `finish_time` integer
);
CREATE INDEX `evaluation_runs_set_created_idx` ON `evaluation_runs` (`set_id`, `create_time`);
CREATE TABLE `evaluation_results` (
  `run_id` text NOT NULL REFERENCES `evaluation_runs`(`id`) ON DELETE cascade,
  `question_id` text NOT NULL,
  `position` integer NOT NULL,
  `question` text NOT NULL,
  `hit_rank` integer,
  `ndcg_at_10` real NOT NULL,
  `recall_at_10` real NOT NULL,
  `chunks` text NOT NULL,
  `answer` text,
  `answer_facts_found` integer,
  `answer_facts_total` integer,
  `citations` integer,
  `correct_citations` integer,
  PRIMARY KEY (`run_id`, `question_id`)
);
