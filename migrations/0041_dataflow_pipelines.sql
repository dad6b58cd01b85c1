-- RAGFlow v0.27's ingestion pipelines: a canvas is an agent (agent_canvas) or an ingestion pipeline
-- (dataflow_canvas); a dataset with a pipeline_id parses its documents with that pipeline instead of its chunk
-- method (RAGFlow's parse_type 2).
ALTER TABLE `agents` ADD `canvas_category` text DEFAULT 'agent_canvas' NOT NULL;
CREATE INDEX `agents_tenant_category_idx` ON `agents` (`tenant_id`,`canvas_category`);
ALTER TABLE `datasets` ADD `pipeline_id` text;
CREATE INDEX `datasets_pipeline_idx` ON `datasets` (`pipeline_id`);
