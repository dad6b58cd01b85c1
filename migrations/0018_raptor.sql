-- RAPTOR: summary chunks are marked, and a dataset remembers its last dataset-wide task (RAGFlow's raptor_task_id).
ALTER TABLE `chunks` ADD `raptor` integer DEFAULT 0 NOT NULL;
ALTER TABLE `datasets` ADD `raptor_task_id` text;
ALTER TABLE `datasets` ADD `raptor_task_finish_at` integer;
CREATE TABLE `dataset_tasks` (
  `id` text PRIMARY KEY NOT NULL,
  `dataset_id` text NOT NULL REFERENCES `datasets`(`id`) ON DELETE cascade,
  `tenant_id` text NOT NULL,
  `task_type` text NOT NULL,
  `sample_doc_id` text NOT NULL,
  `state` text DEFAULT 'queued' NOT NULL,
  `progress` real DEFAULT 0 NOT NULL,
  `progress_msg` text DEFAULT '' NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `begin_at` integer,
  `heartbeat_at` integer,
  `duration` real DEFAULT 0 NOT NULL,
  `chunk_ids` text DEFAULT '[]' NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `dataset_tasks_dataset_idx` ON `dataset_tasks` (`dataset_id`);
CREATE INDEX `dataset_tasks_state_heartbeat_idx` ON `dataset_tasks` (`state`, `heartbeat_at`);
