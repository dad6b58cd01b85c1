-- Community reports of a dataset's knowledge graph (RAGFlow's GraphRAG `community` option), replaced with the graph.
CREATE TABLE `graph_communities` (
  `dataset_id` text NOT NULL REFERENCES `datasets`(`id`) ON DELETE cascade,
  `position` integer NOT NULL,
  `task_id` text NOT NULL,
  `report` text NOT NULL,
  PRIMARY KEY(`dataset_id`, `position`)
);
