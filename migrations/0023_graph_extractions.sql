-- What the chat model extracted from each chunk for the knowledge graph: building again reads only new or
-- changed chunks (RAGFlow skips documents already in the graph). Goes with its document.
CREATE TABLE `graph_extractions` (
  `dataset_id` text NOT NULL REFERENCES `datasets`(`id`) ON DELETE cascade,
  `chunk_id` text NOT NULL,
  `document_id` text NOT NULL REFERENCES `documents`(`id`) ON DELETE cascade,
  `settings` text NOT NULL,
  `extraction` text NOT NULL,
  PRIMARY KEY(`dataset_id`, `chunk_id`)
);
CREATE INDEX `graph_extractions_document_idx` ON `graph_extractions` (`document_id`);
