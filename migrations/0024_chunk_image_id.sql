-- The image a figure chunk shows (a PDF's figure, stored in R2 under figures/<document>/): RAGFlow's img_id.
ALTER TABLE `chunks` ADD `image_id` text DEFAULT '' NOT NULL;
