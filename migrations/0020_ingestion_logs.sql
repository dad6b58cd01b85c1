-- Ingestion logs (RAGFlow's pipeline operation logs): one row per finished parse of a document (file logs) or
-- per finished dataset task such as RAPTOR or the knowledge graph (dataset logs, document_id NULL).
CREATE TABLE `ingestion_logs` (
  `id` text PRIMARY KEY NOT NULL,
  `dataset_id` text NOT NULL REFERENCES `datasets`(`id`) ON DELETE cascade,
  `tenant_id` text NOT NULL,
  `document_id` text,
  `document_name` text NOT NULL,
  `document_suffix` text NOT NULL DEFAULT '',
  `document_type` text NOT NULL DEFAULT '',
  `source_from` text NOT NULL DEFAULT '',
  `parser_id` text NOT NULL DEFAULT '',
  `task_type` text NOT NULL,
  `operation_status` text NOT NULL,
  `progress` real NOT NULL,
  `progress_msg` text NOT NULL,
  `process_begin_at` integer,
  `process_duration` real NOT NULL DEFAULT 0,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `ingestion_logs_dataset_created_idx` ON `ingestion_logs` (`dataset_id`, `create_time`);
