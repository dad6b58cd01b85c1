-- The dataset mind map (RAGFlow's mindmap index): one outline of the whole dataset, built by a dataset task.
ALTER TABLE `datasets` ADD `mindmap_task_id` text;
ALTER TABLE `datasets` ADD `mindmap_task_finish_at` integer;
CREATE TABLE `dataset_mind_maps` (
  `dataset_id` text PRIMARY KEY NOT NULL REFERENCES `datasets`(`id`) ON DELETE cascade,
  `task_id` text NOT NULL,
  `mind_map` text NOT NULL,
  `update_time` integer NOT NULL
);
