-- Knowledge graph (RAGFlow's GraphRAG, "light"): one merged graph per dataset, built by a dataset task.
ALTER TABLE `datasets` ADD `graphrag_task_id` text;
ALTER TABLE `datasets` ADD `graphrag_task_finish_at` integer;
CREATE TABLE `knowledge_graphs` (
  `dataset_id` text PRIMARY KEY NOT NULL REFERENCES `datasets`(`id`) ON DELETE cascade,
  `task_id` text NOT NULL,
  `graph` text NOT NULL,
  `update_time` integer NOT NULL
);
