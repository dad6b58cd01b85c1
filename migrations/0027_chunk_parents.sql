-- Parent-child chunking (RAGFlow's enable_children): a child chunk is matched on its own text and returned as
-- its parent, which it keeps (mom_with_weight) under the parent's id (mom_id).
ALTER TABLE `chunks` ADD COLUMN `mom_id` text DEFAULT '' NOT NULL;
ALTER TABLE `chunks` ADD COLUMN `mom_content` text DEFAULT '' NOT NULL;
